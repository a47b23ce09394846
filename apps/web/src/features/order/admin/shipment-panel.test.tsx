import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import type { Shipment } from '@shop/shared/shipping';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { useGetOrderQuery } from '../order-api';
import { ShipmentPanel } from './shipment-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const shipment: Shipment = {
  id: 1,
  courier: 'manual',
  courierName: 'Delhivery',
  awb: 'DLV12345678',
  trackingUrl: 'https://www.delhivery.com/track/package/DLV12345678',
  status: 'booked',
  weightGrams: 500,
  expectedDelivery: '2026-11-28',
  createdAt: '2026-11-24T06:00:00.000Z',
};

/** The panel as the order page draws it: from the cached order, which a booking reads again. */
function Page({ id }: { id: number }) {
  const { data } = useGetOrderQuery(id);
  return data ? <ShipmentPanel order={data} /> : null;
}

function show(
  order: Order,
  {
    shiprocket = false,
    book,
  }: { shiprocket?: boolean; book?: (call: FakeCall) => { status?: number; body?: unknown } } = {},
) {
  let booked = false;
  const api = fakeApi({
    [`GET /orders/${order.id}`]: () => ({
      body: booked ? { ...order, stage: 'shipped', status: 'dispatched', shipment } : order,
    }),
    'GET /shipping/couriers': { body: { shiprocket } },
    [`POST /orders/${order.id}/shipments`]: (call) => {
      const reply = book?.(call) ?? { status: 201, body: shipment };
      booked = (reply.status ?? 200) < 300;
      return reply;
    },
  });
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <Page id={order.id} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);

describe('the shipment panel', () => {
  it('books a manual shipment with the courier’s name, the AWB and the tracking link, then shows the parcel', async () => {
    const { calls, user } = show(anOrder({ id: 5, stage: 'confirmed' }));
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    expect(within(panel).queryByRole('radio')).toBeNull();
    await user.type(within(panel).getByLabelText('Courier name'), ' Delhivery ');
    await user.type(within(panel).getByLabelText('AWB'), 'DLV12345678');
    await user.type(within(panel).getByLabelText('Tracking link (optional)'), shipment.trackingUrl!);
    await user.click(within(panel).getByRole('button', { name: 'Book shipment' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)).toEqual([
      [
        '/orders/5/shipments',
        {
          courier: 'manual',
          courierName: 'Delhivery',
          awb: 'DLV12345678',
          trackingUrl: shipment.trackingUrl,
        },
      ],
    ]);
    const label = await within(panel).findByRole('link', { name: /Print label/ });
    expect(label.getAttribute('href')).toBe('/api/orders/5/label');
    expect(label.getAttribute('target')).toBe('_blank');
    expect(
      within(panel)
        .getByRole('link', { name: /Tracking page/ })
        .getAttribute('href'),
    ).toBe('/track/5');
    expect(panel.textContent).toContain('DLV12345678');
    expect(panel.textContent).toContain('Booked, awaiting pickup');
    expect(panel.textContent).toContain('Sat, 28 Nov');
    expect(within(panel).queryByRole('button', { name: 'Book shipment' })).toBeNull();
  });

  it('leaves an empty tracking link out of the body', async () => {
    const { calls, user } = show(anOrder({ id: 6, stage: 'packed' }));
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    await user.type(within(panel).getByLabelText('Courier name'), 'India Post');
    await user.type(within(panel).getByLabelText('AWB'), 'EE123456789IN');
    await user.click(within(panel).getByRole('button', { name: 'Book shipment' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        ['/orders/6/shipments', { courier: 'manual', courierName: 'India Post', awb: 'EE123456789IN' }],
      ]),
    );
  });

  it('shows the server’s 409 beside the form and keeps what was typed', async () => {
    const message = 'This AWB is already on order #4';
    const { user } = show(anOrder({ id: 7, stage: 'confirmed' }), {
      book: () => ({ status: 409, body: { message } }),
    });
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    await user.type(within(panel).getByLabelText('Courier name'), 'Delhivery');
    await user.type(within(panel).getByLabelText('AWB'), 'DLV12345678');
    await user.click(within(panel).getByRole('button', { name: 'Book shipment' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(message);
    expect((within(panel).getByLabelText('AWB') as HTMLInputElement).value).toBe('DLV12345678');
  });

  it('checks the fields before sending anything', async () => {
    const { calls, user } = show(anOrder({ id: 8, stage: 'confirmed' }));
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    await user.type(within(panel).getByLabelText('AWB'), 'AB 1');
    await user.click(within(panel).getByRole('button', { name: 'Book shipment' }));
    expect(within(panel).getByText('Enter the courier’s name')).toBeTruthy();
    expect(within(panel).getByText('An AWB is 6 to 40 letters, digits or dashes')).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByLabelText('Courier name'));
    expect(posts(calls)).toEqual([]);
  });

  it('offers Shiprocket when it is set up, and books through it with no fields', async () => {
    const { calls, user } = show(anOrder({ id: 9, stage: 'packed' }), { shiprocket: true });
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    await user.click(await within(panel).findByRole('radio', { name: /Shiprocket/ }));
    expect(within(panel).queryByLabelText('AWB')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Book shipment' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/orders/9/shipments', { courier: 'shiprocket' }]]));
  });

  it('is not offered before the order is confirmed', async () => {
    show(anOrder({ id: 10 }));
    expect((await screen.findByRole('region', { name: 'Shipment' })).textContent).toContain(
      'Confirm the order first',
    );
    expect(screen.queryByRole('button', { name: 'Book shipment' })).toBeNull();
  });

  it('is not there for a cancelled order that never shipped', () => {
    render(
      <Provider store={makeStore()}>
        <ShipmentPanel order={anOrder({ id: 11, status: 'cancelled' })} />
      </Provider>,
    );
    expect(screen.queryByRole('region', { name: 'Shipment' })).toBeNull();
  });
});
