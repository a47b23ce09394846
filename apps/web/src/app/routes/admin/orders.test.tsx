import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import type { ShipmentBatch } from '@shop/shared/shipping';
import { anOrder, aUser } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { orderApi } from '../../../features/order/order-api';
import AdminOrdersPage from './orders';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });
const older = anOrder({ id: 7, status: 'pending', totalAmount: 18000 });
const newer = anOrder({ id: 8, status: 'dispatched', totalAmount: 9000 });

function renderOrders(url = '/admin/orders') {
  return renderPage(<AdminOrdersPage />, {
    path: '/admin/orders',
    url,
    state: signedInAs(admin),
    elsewhere: ['/admin/order-detail'],
  });
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith('/orders/admin'));

afterEach(() => vi.unstubAllGlobals());

describe('the admin orders page', () => {
  it('lists the newest orders first, and a header click sorts that column ascending', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [newer, older], totalOrders: 2 } },
    });
    const { router } = renderOrders();
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getByRole('button', { name: /View order/ })
            .getAttribute('aria-label'),
        ),
    ).toEqual(['View order #8', 'View order #7']);
    expect(listCalls(calls)[0]?.url).toBe('/orders/admin?_sort=createdAt&_order=desc&_page=1&_per_page=10');

    await userEvent.click(screen.getByRole('button', { name: /Total Amount/ }));
    expect(router.state.location.search).toBe('?sort=totalAmount&order=asc');
    expect(listCalls(calls).at(-1)?.url).toBe(
      '/orders/admin?_sort=totalAmount&_order=asc&_page=1&_per_page=10',
    );
  });

  it('asks again for a sort shown before, drawing the earlier answer meanwhile', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [newer, older], totalOrders: 2 } },
    });
    renderOrders();
    expect(await screen.findByRole('table')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Order Time/ }));
    await userEvent.click(screen.getByRole('button', { name: /Order Time/ }));
    await vi.waitFor(() =>
      expect(
        listCalls(calls).map((c) => new URL(c.url, 'http://shop.test').searchParams.get('_order')),
      ).toEqual(['desc', 'asc', 'desc']),
    );
  });

  it('changes the status of an order from its row', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [older], totalOrders: 1 } },
      'PATCH /orders/7': { body: { ...older, status: 'delivered' } },
    });
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit status of order #7' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status of order #7' }), 'delivered');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'delivered' });
    await vi.waitFor(() => expect(screen.queryByRole('combobox', { name: 'Status of order #7' })).toBeNull());
    expect(within(screen.getAllByRole('row')[1]!).getByText('Delivered')).toBeTruthy();
  });

  it("shows the server's refusal of a status change as a toast", async () => {
    fakeApi({
      'GET /orders/admin': { body: { products: [older], totalOrders: 1 } },
      'PATCH /orders/7': { status: 404, body: { message: 'Order not found' } },
    });
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit status of order #7' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status of order #7' }), 'cancelled');
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });

  it('opens the order detail for the order viewed, drawn from the list without asking again', async () => {
    fakeApi({ 'GET /orders/admin': { body: { products: [older], totalOrders: 1 } } });
    const { router, store } = renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'View order #7' }));
    expect(await screen.findByRole('heading', { name: 'Page at /admin/order-detail' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=7');
    await vi.waitFor(() =>
      expect(orderApi.endpoints.getOrder.select(7)(store.getState()).data).toEqual(older),
    );
  });

  it('goes back to page 1 from a page past the end', async () => {
    const { calls } = fakeApi({ 'GET /orders/admin': { body: { products: [], totalOrders: 3 } } });
    const { router } = renderOrders('/admin/orders?page=4');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listCalls(calls).at(-1)?.url).toContain('_page=1');
  });

  it('says so when there are no orders yet', async () => {
    fakeApi({ 'GET /orders/admin': { body: { products: [], totalOrders: 0 } } });
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
  });

  it('keeps the search and filters in the URL, sends them to the API and starts again at page 1', async () => {
    const { calls } = fakeApi({ 'GET /orders/admin': { body: { products: [older], totalOrders: 1 } } });
    const { router } = renderOrders('/admin/orders?page=2&sort=totalAmount&order=asc');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search orders' }), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'card');
    expect(router.state.location.search).toBe(
      '?sort=totalAmount&order=asc&search=asha%40example.com&status=pending&status=cancelled&paymentMethod=card',
    );
    expect(screen.getByRole('button', { name: 'Cancelled' }).getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/orders/admin?_sort=totalAmount&_order=asc&_page=1&_per_page=10&search=asha%40example.com&status=pending&status=cancelled&paymentMethod=card',
      ),
    );
    expect(await screen.findByText('1 order matches')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=totalAmount&order=asc');
  });

  it('reads the filters of a shared link and says when nothing matches', async () => {
    const { calls } = fakeApi({ 'GET /orders/admin': { body: { products: [], totalOrders: 0 } } });
    renderOrders('/admin/orders?from=2026-03-01&to=2026-03-31&status=delivered');
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeTruthy();
    expect(listCalls(calls)[0]?.url).toBe(
      '/orders/admin?_sort=createdAt&_order=desc&_page=1&_per_page=10&status=delivered&from=2026-03-01&to=2026-03-31',
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
  });
});

const parcel: NonNullable<Order['shipment']> = {
  courier: 'shiprocket',
  courierName: 'Delhivery',
  awb: 'SR1234567890',
  trackingUrl: null,
  status: 'booked',
  expectedDelivery: null,
};

const batch = (over: Partial<ShipmentBatch>): ShipmentBatch => ({
  id: 3,
  total: 3,
  done: 0,
  failures: [],
  finished: false,
  ...over,
});

describe('booking the ticked orders with Shiprocket', () => {
  const confirmed = [11, 12, 13].map((id) => anOrder({ id, stage: 'confirmed' }));
  const notConfirmed = 'Confirm the order before booking its shipment';

  /** Three confirmed orders; the batch books 11 and 13 and refuses 12, a poll after the first. */
  function bookable() {
    let finished = false;
    let polls = 0;
    const api = fakeApi({
      'GET /orders/admin': () => ({
        body: {
          products: confirmed.map((o) =>
            finished && o.id !== 12 ? { ...o, stage: 'shipped', status: 'dispatched', shipment: parcel } : o,
          ),
          totalOrders: 3,
        },
      }),
      'GET /shipping/couriers': { body: { manual: true, shiprocket: true } },
      'POST /orders/shipments/batch': { status: 202, body: batch({}) },
      'GET /shipping/batches/3': () => {
        polls += 1;
        if (polls === 1) return { body: batch({ done: 1 }) };
        finished = true;
        return {
          body: batch({ done: 3, failures: [{ orderId: 12, error: notConfirmed }], finished: true }),
        };
      },
    });
    return { ...api, polls: () => polls };
  }

  it('posts the ticked ids, shows the progress and the orders not booked, and reads the list again', async () => {
    const { calls, polls } = bookable();
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select every order on this page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book with Shiprocket (3)' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/orders/shipments/batch', { ids: [11, 12, 13], courier: 'shiprocket' }],
      ]),
    );
    const progress = await screen.findByText('Booking 1 of 3…');
    expect(progress.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    const bar = screen.getByRole('progressbar', { name: 'Orders booked with Shiprocket' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '3']);
    expect(screen.getByRole('button', { name: 'Book with Shiprocket (3)' })).toHaveProperty('disabled', true);
    const listsBefore = listCalls(calls).length;

    // About a second later the next poll finds it finished.
    const outcome = await screen.findByText(/^Booked 2 of 3/, undefined, { timeout: 3000 });
    expect(outcome.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Orders not booked' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Order #12: ${notConfirmed}`]);
    expect(
      screen.getByRole('link', { name: /Print labels \(of the orders just booked/ }).getAttribute('href'),
    ).toBe('/api/orders/labels?ids=11,12,13');

    // The list is read again: the booked orders show as dispatched and their labels can be printed.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).queryByText('Dispatched') !== null),
      ).toEqual([true, false, true]),
    );
    expect(screen.getByRole('link', { name: /Print labels \(opens in a new tab/ }).getAttribute('href')).toBe(
      '/api/orders/labels?ids=11,12,13',
    );
    // Polling stopped once finished.
    const seen = polls();
    await new Promise((r) => setTimeout(r, 1500));
    expect(polls()).toBe(seen);
    expect(screen.getByRole('button', { name: 'Book with Shiprocket (3)' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the server’s refusal beside the bulk actions', async () => {
    const message = 'Shiprocket is not set up: add its login under Settings → Couriers';
    fakeApi({
      'GET /orders/admin': { body: { products: confirmed, totalOrders: 3 } },
      'GET /shipping/couriers': { body: { manual: true, shiprocket: true } },
      'POST /orders/shipments/batch': { status: 409, body: { message } },
    });
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #12' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book with Shiprocket (1)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(/^Booking/)).toBeNull();
  });

  it('offers no bulk booking when Shiprocket is not set up', async () => {
    fakeApi({
      'GET /orders/admin': { body: { products: confirmed, totalOrders: 3 } },
      'GET /shipping/couriers': { body: { manual: true, shiprocket: false } },
    });
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #12' }));
    expect(await screen.findByText('Packing slips (1)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Book with Shiprocket/ })).toBeNull());
  });
});

describe('printing the ticked orders’ labels', () => {
  it('waits, saying why, while none of the ticked orders is booked', async () => {
    const booked = anOrder({ id: 8, status: 'dispatched', stage: 'shipped', shipment: parcel });
    fakeApi({ 'GET /orders/admin': { body: { products: [booked, older], totalOrders: 2 } } });
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #7' }));
    const waiting = screen.getByRole('button', {
      name: 'Print labels',
      description: 'Book these orders first',
    });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: /Print labels/ })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order #8' }));
    expect(screen.queryByRole('button', { name: 'Print labels' })).toBeNull();
    const link = screen.getByRole('link', { name: /Print labels/ });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([
      '/api/orders/labels?ids=7,8',
      '_blank',
    ]);
  });
});
