import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/order';
import type { OrderReturns, Refund } from '@shop/shared/returns';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall, type FakeReply } from '../../../test/fake-api';
import { OrderRefundsPanel } from './order-refunds-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

/** A card order of ₹2,500, paid, then cancelled: the money is owed back. */
const cancelledPaid = (over: Partial<Order> = {}) =>
  anOrder({
    id: 5,
    totalAmount: 2500,
    paymentMethod: 'card',
    payment: { paymentMethod: 'card', status: 'paid' },
    status: 'cancelled',
    stage: 'cancelled',
    ...over,
  });

const aRefund = (over: Partial<Refund> = {}): Refund => ({
  id: 40,
  orderId: 5,
  returnId: null,
  amount: 1000,
  amountPaise: 100_000,
  method: 'original',
  status: 'processed',
  reference: 'rfnd_Q1w2e3r4',
  createdAt: '2026-11-24T06:30:00.000Z',
  processedAt: '2026-11-24T07:00:00.000Z',
  ...over,
});

const noReturns = (over: Partial<OrderReturns> = {}): OrderReturns => ({
  returns: [],
  returnBy: null,
  returnable: [],
  creditNotes: [],
  refunds: [],
  ...over,
});

function show(
  order: Order,
  {
    returns = noReturns(),
    post,
    patch,
    canRefund,
  }: {
    returns?: OrderReturns;
    post?: (call: FakeCall) => FakeReply;
    patch?: (call: FakeCall) => FakeReply;
    canRefund?: boolean;
  } = {},
) {
  const api = fakeApi({
    [`GET /orders/${order.id}/returns`]: { body: returns },
    [`POST /orders/${order.id}/refunds`]: (call) =>
      post?.(call) ?? {
        status: 201,
        body: aRefund({ amount: 2500, amountPaise: 250_000, status: 'pending' }),
      },
    'PATCH /refunds/41': (call) => patch?.(call) ?? { body: aRefund({ id: 41, method: 'transfer' }) },
  });
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <OrderRefundsPanel order={order} canRefund={canRefund} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...api, user: userEvent.setup() };
}

const writes = (calls: FakeCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

describe('the order’s refunds panel', () => {
  it('refunds all that is owed of a cancelled card order when no amount is given', async () => {
    const { calls, user } = show(cancelledPaid());
    const panel = await screen.findByRole('region', { name: 'Refunds and returns' });
    expect(panel.textContent).toContain('₹2,500 paid online for this cancelled order is still to refund.');
    await user.click(within(panel).getByRole('button', { name: 'Refund ₹2,500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([['POST', '/orders/5/refunds', {}]]);
    // The order's refunds are read again.
    expect(calls.filter((c) => c.url === '/orders/5/returns')).toHaveLength(2);
  });

  it('posts a part refund’s amount, and no more than is owed', async () => {
    const { calls, user } = show(cancelledPaid(), { returns: noReturns({ refunds: [aRefund()] }) });
    const panel = await screen.findByRole('region', { name: 'Refunds and returns' });
    // ₹1,000 of ₹2,500 already went back.
    await user.click(within(panel).getByRole('button', { name: 'Refund ₹1,500' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (₹, optional)');
    await user.type(amount, '1600');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('At most ₹1,500 is still to refund')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([['POST', '/orders/5/refunds', { amount: 1200 }]]);
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const message = 'The payment provider refused the refund: the payment is older than 180 days';
    const { user } = show(cancelledPaid(), { post: () => ({ status: 422, body: { message } }) });
    await user.click(await screen.findByRole('button', { name: 'Refund ₹2,500' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lists the refunds and credit notes, links the returns, and offers nothing once all is refunded', async () => {
    show(cancelledPaid(), {
      returns: noReturns({
        refunds: [aRefund({ amount: 2500, amountPaise: 250_000 })],
        creditNotes: [
          { id: 3, number: 'CN/26-27/000002', issuedAt: '2026-11-24T06:00:00.000Z', total: 2500 },
        ],
        returns: [],
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Refunds and returns' });
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(panel.textContent).toContain('To the card or UPI');
    expect(panel.textContent).toContain('Ref. rfnd_Q1w2e3r4');
    expect(
      within(panel)
        .getByRole('link', { name: /CN\/26-27\/000002/ })
        .getAttribute('href'),
    ).toBe('/api/orders/5/credit-notes/3');
  });

  it('links a delivered order’s returns on the Returns screen, and marks a pending transfer done', async () => {
    const transfer = aRefund({
      id: 41,
      method: 'transfer',
      status: 'pending',
      reference: null,
      returnId: 12,
    });
    const { calls, user } = show(anOrder({ id: 5, status: 'delivered', stage: 'delivered' }), {
      returns: noReturns({
        refunds: [transfer],
        returns: [
          {
            id: 12,
            orderId: 5,
            status: 'received',
            items: [],
            refundTo: { upi: 'meera@okhdfc' },
            pickup: null,
            rejectReason: null,
            restocked: true,
            refundAmount: 1000,
            refundAmountPaise: 100_000,
            collectAmount: 0,
            creditNote: null,
            refund: transfer,
            exchangeOrderId: null,
            createdAt: '2026-11-20T06:30:00.000Z',
            updatedAt: '2026-11-24T06:30:00.000Z',
            events: [],
          },
        ],
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Refunds and returns' });
    expect(panel.textContent).toContain('1 return: 1 received');
    expect(
      within(panel).getByRole('link', { name: 'See them on the Returns screen' }).getAttribute('href'),
    ).toBe('/admin/returns?order=5');
    await user.click(within(panel).getByRole('button', { name: 'Mark transfer done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the transfer of ₹1,000 done?' });
    await user.type(within(dialog).getByLabelText('Transfer reference'), ' UTR4455667788 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark transfer done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([['PATCH', '/refunds/41', { reference: 'UTR4455667788' }]]);
  });

  it('shows staff what is owed without the refund button', async () => {
    show(cancelledPaid(), { canRefund: false });
    const panel = await screen.findByRole('region', { name: 'Refunds and returns' });
    expect(panel.textContent).toContain('The owner refunds it.');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('is not there for an order with nothing refunded, owed or returned', async () => {
    const { calls } = show(anOrder({ id: 5 }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
