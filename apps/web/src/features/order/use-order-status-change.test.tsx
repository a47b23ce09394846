import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { anOrder } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { selectOrders, selectViewOrder } from './order-slice';
import { useOrderStatusChange } from './use-order-status-change';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const order = anOrder({ id: 7, status: 'pending' });

function setup() {
  const store = makeStore({
    order: {
      orders: [order],
      totalOrders: 1,
      currentOrder: null,
      viewOrder: order,
      status: 'idle',
      error: null,
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useOrderStatusChange(), { wrapper });
  return { store, result };
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('useOrderStatusChange', () => {
  it('sends the new status, names the order while it is saved and keeps the updated order', async () => {
    const { calls } = fakeApi({ 'PATCH /orders/7': { body: { ...order, status: 'dispatched' } } });
    const { result, store } = setup();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.change(order, 'dispatched');
    });
    expect(result.current.updatingId).toBe(7);
    await act(() => done);
    expect(result.current.updatingId).toBeNull();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/orders/7', { status: 'dispatched' }],
    ]);
    expect(selectOrders(store.getState())[0]?.status).toBe('dispatched');
    expect(selectViewOrder(store.getState())?.status).toBe('dispatched');
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Order #7 marked Dispatched');
  });

  it('sends nothing when the status chosen is the one the order has', async () => {
    const { calls } = fakeApi({});
    const { result } = setup();
    await act(() => result.current.change(order, 'pending'));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal as a toast and frees the order again", async () => {
    fakeApi({ 'PATCH /orders/7': { status: 404, body: { message: 'Order not found' } } });
    const { result, store } = setup();
    await act(() => result.current.change(order, 'cancelled'));
    expect(toast.error).toHaveBeenCalledWith('Order not found');
    expect(toast.success).not.toHaveBeenCalled();
    expect(result.current.updatingId).toBeNull();
    expect(selectOrders(store.getState())[0]?.status).toBe('pending');
  });
});
