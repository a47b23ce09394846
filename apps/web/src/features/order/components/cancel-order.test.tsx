import { Provider } from 'react-redux';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../lib/store';
import { anOrder } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { CancelOrder } from './cancel-order';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const order = anOrder({ id: 7, status: 'pending' });

function setup(o = order) {
  const onCancelled = vi.fn();
  render(
    <Provider store={makeStore()}>
      <CancelOrder order={o} onCancelled={onCancelled} />
    </Provider>,
  );
  return { onCancelled, user: userEvent.setup() };
}

beforeEach(() => vi.mocked(toast.success).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('CancelOrder', () => {
  it('asks for a reason from the list, then cancels with it, closes and says so', async () => {
    const { calls } = fakeApi({ 'POST /orders/7/cancel': { body: { ...order, status: 'cancelled' } } });
    const { onCancelled, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel order #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #7?' });
    expect(dialog.textContent).toContain('Nothing is due, as you chose cash on delivery.');

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose a reason');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'I found a better price elsewhere' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['POST', '/orders/7/cancel', { reason: 'better_price' }]]);
    expect(toast.success).toHaveBeenCalledWith('Your order has been cancelled');
    expect(onCancelled).toHaveBeenCalledOnce();
  });

  it('keeps the dialog open with the server’s words when the order has left meanwhile', async () => {
    fakeApi({
      'POST /orders/7/cancel': { status: 409, body: { message: 'This order is already on its way and can no longer be cancelled' } },
    });
    const { onCancelled, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel order #7' }));
    await user.click(await screen.findByRole('radio', { name: 'I ordered it by mistake' }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order is already on its way and can no longer be cancelled',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onCancelled).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('promises the refund of a paid order, and keeps the order on “Keep my order”', async () => {
    const { calls } = fakeApi({});
    const { user } = setup(anOrder({ id: 7, paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' }, totalAmount: 18000 }));
    await user.click(screen.getByRole('button', { name: 'Cancel order #7' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('We will refund your payment of ₹18,000');
    await user.click(screen.getByRole('button', { name: 'Keep my order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('is not offered once the order has been dispatched, delivered or cancelled', () => {
    for (const status of ['dispatched', 'delivered', 'cancelled'] as const) {
      const { container } = render(
        <Provider store={makeStore()}>
          <CancelOrder order={anOrder({ status })} />
        </Provider>,
      );
      expect(container.innerHTML).toBe('');
    }
  });
});
