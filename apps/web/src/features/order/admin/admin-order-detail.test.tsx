import { Provider } from 'react-redux';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { AdminOrderDetail } from './admin-order-detail';

afterEach(() => vi.unstubAllGlobals());

function show(order: Order) {
  fakeApi({
    [`GET /orders/${order.id}/history`]: {
      body: [
        { from: null, to: 'pending', at: '2026-11-20T05:30:00.000Z', by: { id: 3, name: 'Asha Rao', role: 'user' } },
        { from: 'pending', to: 'cancelled', at: '2026-11-20T06:00:00.000Z', by: { id: 3, name: 'Asha Rao', role: 'user' }, reason: 'mistake' },
      ],
    },
  });
  render(
    <Provider store={makeStore()}>
      <AdminOrderDetail order={order} onStatusChange={() => {}} updating={false} imageFor={(src) => ({ src })} />
    </Provider>,
  );
}

const paidCard = { paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' } } as const;

describe('AdminOrderDetail', () => {
  it('says a cancelled order that was paid needs a refund, and who cancelled it and why', async () => {
    show(anOrder({ id: 9, status: 'cancelled', totalAmount: 18000, ...paidCard }));
    expect(screen.getByRole('note').textContent).toBe(
      'Needs a refund₹18,000 was paid online for this cancelled order. Refund it through your payment provider.',
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
