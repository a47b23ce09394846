import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { anOrder } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { orderApi } from './order-api';
import { useOrderStatusChange } from './use-order-status-change';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const order = anOrder({ id: 7, status: 'pending' });

const firstPage = { sort: {}, pagination: { _page: 1, _per_page: 10 } };
const listed = (store: ReturnType<typeof makeStore>) =>
  orderApi.endpoints.getAdminOrders.select(firstPage)(store.getState()).data?.products[0];

/** The hook, with the order on show in the admin's list. */
function setup() {
  const store = makeStore();
  void store.dispatch(
    orderApi.util.upsertQueryData('getAdminOrders', firstPage, { products: [order], totalOrders: 1 }),
  );
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
  it('sends the new status, names the order while it is saved and shows the updated order', async () => {
    const { calls } = fakeApi({ 'PATCH /orders/7': { body: { ...order, status: 'dispatched' } } });
    const { result, store } = setup();
    await vi.waitFor(() => expect(listed(store)).toEqual(order));
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
    expect(listed(store)?.status).toBe('dispatched');
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
    await vi.waitFor(() => expect(listed(store)).toEqual(order));
    await act(() => result.current.change(order, 'cancelled'));
    expect(toast.error).toHaveBeenCalledWith('Order not found');
    expect(toast.success).not.toHaveBeenCalled();
    expect(result.current.updatingId).toBeNull();
    expect(listed(store)?.status).toBe('pending');
  });
});
