import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { MyOrders } from './my-orders';

afterEach(() => vi.unstubAllGlobals());

describe('MyOrders', () => {
  it('shows the shopper’s own cancel reason from the list, asking for no order’s history', async () => {
    const { calls } = fakeApi({
      'GET /orders/owner': {
        body: {
          orders: [
            anOrder({ id: 7, status: 'cancelled', cancellation: { byShopper: true, reason: 'too_late' } }),
            anOrder({ id: 8, status: 'cancelled', cancellation: { byShopper: false, reason: null } }),
            anOrder({ id: 9, status: 'pending', cancellation: null }),
          ],
          totalOrders: 3,
        },
      },
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </Provider>,
    );
    const mine = await screen.findByRole('article', { name: 'Order #7' });
    expect(mine.textContent).toContain(
      'You cancelled this order. Your reason: It would arrive too late for me',
    );
    expect(screen.getByRole('article', { name: 'Order #8' }).textContent).not.toContain('You cancelled');
    expect(calls.map((c) => c.url)).toEqual([expect.stringMatching(/^\/orders\/owner/)]);
  });

  it('asks for a cash order awaiting confirmation to be confirmed by its deadline, and shows its fee', async () => {
    fakeApi({
      'GET /orders/owner': {
        body: {
          orders: [
            anOrder({ id: 10, totalAmount: 18049, codFee: 49, confirmation: 'awaiting', confirmBy: '2026-11-27T19:46:00.000Z' }),
            anOrder({ id: 11, codFee: 49, confirmation: 'confirmed' }),
          ],
          totalOrders: 2,
        },
      },
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </Provider>,
    );
    const awaiting = await screen.findByRole('article', { name: 'Order #10' });
    const panel = within(awaiting).getByRole('region', { name: 'Please confirm your order' });
    expect(panel.textContent).toContain(
      'We have sent a link to your email and phone; unconfirmed orders are cancelled on Sat, 28 Nov, 1:16 am (India time).',
    );
    expect(within(awaiting).getByText('Cash on delivery fee').nextElementSibling?.textContent).toBe('₹49');
    const confirmed = screen.getByRole('article', { name: 'Order #11' });
    expect(within(confirmed).queryByRole('region', { name: 'Please confirm your order' })).toBeNull();
  });

  it('shows a booked parcel’s courier and AWB with a link to track it, and the stage beside the status', async () => {
    fakeApi({
      'GET /orders/owner': {
        body: {
          orders: [
            anOrder({
              id: 12,
              status: 'dispatched',
              stage: 'out_for_delivery',
              shipment: { courier: 'manual', courierName: 'Delhivery', awb: 'DLV12345678', trackingUrl: null, status: 'out_for_delivery', expectedDelivery: '2026-11-28' },
            }),
            anOrder({ id: 13, stage: 'packed' }),
          ],
          totalOrders: 2,
        },
      },
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </Provider>,
    );
    const shipped = await screen.findByRole('article', { name: 'Order #12' });
    expect(within(shipped).getByText('Dispatched').parentElement?.textContent).toBe('DispatchedOut for delivery');
    expect(within(shipped).getByText('AWB').nextElementSibling?.textContent).toBe('DLV12345678');
    expect(within(shipped).getByText('Courier').nextElementSibling?.textContent).toBe('Delhivery');
    expect(within(shipped).getByText('Expected delivery').nextElementSibling?.textContent).toBe('Sat, 28 Nov');
    expect(within(shipped).getByRole('link', { name: /^Track your parcel/ }).getAttribute('href')).toBe('/track/12');
    const packed = screen.getByRole('article', { name: 'Order #13' });
    expect(packed.textContent).toContain('Packed');
    expect(within(packed).queryByRole('link', { name: /Track your parcel/ })).toBeNull();
  });

  it('lists the promotions the order got, and a line’s discount', async () => {
    const order = anOrder({ id: 14, totalAmount: 16200 });
    fakeApi({
      'GET /orders/owner': {
        body: {
          orders: [
            {
              ...order,
              items: [{ ...order.items[0]!, discountRupees: 1800 }],
              discounts: [
                { promotionId: 2, name: 'Diwali Sale', code: 'DIWALI20', kind: 'percent', amountRupees: 1800 },
                { promotionId: 3, name: 'Festive Shipping', code: null, kind: 'free_shipping', amountRupees: 80 },
              ],
            },
          ],
          totalOrders: 1,
        },
      },
    });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </Provider>,
    );
    const card = within(await screen.findByRole('article', { name: 'Order #14' }));
    expect(card.getByText('Diwali Sale (DIWALI20)').nextElementSibling?.textContent).toBe('−₹1,800');
    expect(card.getByText('Festive Shipping').nextElementSibling?.textContent).toBe('Free shipping');
    expect(card.getByText('Offer −₹1,800')).toBeTruthy();
  });
});

