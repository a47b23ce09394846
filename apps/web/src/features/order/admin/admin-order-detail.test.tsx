import { Provider } from 'react-redux';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { AdminOrderDetail } from './admin-order-detail';

afterEach(() => vi.unstubAllGlobals());

const CANCELLED_BY_SHOPPER = [
  { from: null, to: 'pending', at: '2026-11-20T05:30:00.000Z', by: { id: 3, name: 'Asha Rao', role: 'user' } },
  { from: 'pending', to: 'cancelled', at: '2026-11-20T06:00:00.000Z', by: { id: 3, name: 'Asha Rao', role: 'user' }, reason: 'mistake' },
];

function show(order: Order, routes: Parameters<typeof fakeApi>[0] = {}, history: unknown[] = CANCELLED_BY_SHOPPER) {
  const api = fakeApi({ [`GET /orders/${order.id}/history`]: { body: history }, ...routes });
  render(
    <Provider store={makeStore()}>
      <AdminOrderDetail order={order} imageFor={(src) => ({ src })} />
    </Provider>,
  );
  return api;
}

// 27 Nov 2026, 8:00 pm in India.
const awaiting = { confirmation: 'awaiting', confirmBy: '2026-11-27T14:30:00.000Z', codFee: 49, totalAmount: 18049 } as const;

const paidCard = { paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } } as const;

describe('AdminOrderDetail', () => {
  it('says a cancelled order that was paid needs a refund, and who cancelled it and why', async () => {
    show(anOrder({ id: 9, status: 'cancelled', totalAmount: 18000, ...paidCard }));
    expect(screen.getByRole('note').textContent).toBe(
      'Needs a refund₹18,000 was paid online for this cancelled order. Refund it under Refunds and returns.',
    );
    const history = await screen.findByRole('list', { name: 'Status history' });
    expect(history.textContent).toContain('By the shopper, Asha RaoReason: I ordered it by mistake');
  });

  it('asks for no refund of a cash order or of a paid order still on its way', () => {
    show(anOrder({ id: 10, status: 'cancelled' }));
    show(anOrder({ id: 11, status: 'pending', ...paidCard }));
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('AdminOrderDetail of a cash order awaiting confirmation', () => {
  it('says when it is cancelled, in India time, and confirms it through the API', async () => {
    const order = anOrder({ id: 12, ...awaiting });
    const { calls } = show(order, { 'POST /orders/12/confirm': { body: { ...order, confirmation: 'confirmed' } } });
    const panel = screen.getByRole('region', { name: 'Awaiting the shopper’s confirmation' });
    expect(panel.textContent).toContain('Cancelled automatically on 27 Nov 2026, 8:00 pm (India time)');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm order' }));
    const confirm = calls.filter((c) => c.method === 'POST');
    expect(confirm).toEqual([expect.objectContaining({ url: '/orders/12/confirm', body: undefined })]);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal when the order cannot be confirmed any more', async () => {
    const message = 'This order has been cancelled, so it can no longer be confirmed';
    show(anOrder({ id: 13, ...awaiting }), { 'POST /orders/13/confirm': { status: 409, body: { message } } });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('offers no stage but cancelling before confirmation, nor a shipment to book', () => {
    show(anOrder({ id: 14, ...awaiting }));
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(within(status).getByRole('group', { name: 'Move to' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Cancel order',
    ]);
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(within(shipment).queryByRole('button')).toBeNull();
  });

  it('shows the COD fee and the cash to collect, and no panel once confirmed, with who confirmed it', async () => {
    show(anOrder({ id: 15, ...awaiting, confirmation: 'confirmed' }), {}, [
      { from: null, to: 'pending', at: '2026-11-20T05:30:00.000Z', by: { id: 3, name: 'Asha Rao', role: 'user' } },
      { from: 'pending', to: 'pending', at: '2026-11-20T07:00:00.000Z', by: { id: 5, name: 'Ravi Staff', role: 'staff' }, event: 'cod_confirmed' },
    ]);
    expect(screen.queryByRole('region', { name: 'Awaiting the shopper’s confirmation' })).toBeNull();
    expect(screen.getByText('COD fee').nextSibling?.textContent).toBe('₹49');
    expect(screen.getByText('Cash to collect on delivery').nextSibling?.textContent).toBe('₹18,049');
    expect(screen.queryByText('Prepaid discount')).toBeNull();
    const history = await screen.findByRole('list', { name: 'Status history' });
    expect(history.textContent).toContain('Confirmed by Ravi Staff');
  });

  it('lists the promotions the order got before its total, and each line’s discount', () => {
    const order = anOrder({ id: 18, totalAmount: 16200 });
    show({
      ...order,
      items: [{ ...order.items[0]!, discountRupees: 1800 }],
      discounts: [
        { promotionId: 2, name: 'Diwali Sale', code: null, kind: 'percent', amountRupees: 1800 },
        { promotionId: 3, name: 'Festive Shipping', code: 'SHIPFREE', kind: 'free_shipping', amountRupees: 80 },
      ],
    });
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('Diwali Sale').nextSibling?.textContent).toBe('−₹1,800');
    expect(items.getByText('Festive Shipping (SHIPFREE)').nextSibling?.textContent).toBe('Free shipping');
    expect(items.getByText('Offer −₹1,800')).toBeTruthy();
    expect(items.getByText('Total Amount').nextSibling?.textContent).toBe('₹16,200');
  });

  it('shows a prepaid discount, and a delivered cash order’s cash as collected', () => {
    show(anOrder({ id: 16, ...paidCard, prepaidDiscount: 50 }));
    expect(screen.getByText('Prepaid discount').nextSibling?.textContent).toBe('−₹50');
    expect(screen.queryByText(/Cash to collect/)).toBeNull();
    show(anOrder({ id: 17, status: 'delivered', cashCollected: true }));
    expect(screen.getByText('Cash collected').nextSibling?.textContent).toBe('₹18,000');
  });
});
