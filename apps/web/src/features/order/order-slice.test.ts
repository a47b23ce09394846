import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, anOrder } from '../../test/commerce-fixtures';
import {
  createOrder,
  fetchAllOrders,
  fetchOrderById,
  fetchOwnerOrders,
  orderErrorCleared,
  orderPlaced,
  resetOrder,
  selectCurrentOrder,
  selectOrderError,
  selectOrders,
  selectOrderStatus,
  selectTotalOrders,
  selectViewOrder,
  updateOrder,
  viewOrderCleared,
  viewOrderSet,
} from './order-slice';

afterEach(() => vi.unstubAllGlobals());

const placement = {
  order: {
    items: [],
    totalAmount: 18000,
    totalItems: 2,
    user: 7,
    paymentMethod: 'cash' as const,
    selectedAddress: anAddress(),
    status: 'pending',
  },
  idempotencyKey: 'attempt-1',
};

describe('order slice', () => {
  it('sets the current order and appends it when an order is created', async () => {
    const placed = anOrder({ id: 101 });
    const { calls } = fakeApi({
      'GET /orders/owner': { body: { orders: [anOrder({ id: 100 })], totalOrders: 1 } },
      'POST /orders': { status: 201, body: placed },
    });
    const store = makeStore();
    await store.dispatch(fetchOwnerOrders({ _page: 1, _per_page: 5 }));
    const pending = store.dispatch(createOrder(placement));
    expect(selectOrderStatus(store.getState())).toBe('loading');
    await pending;
    expect(selectCurrentOrder(store.getState())).toEqual(placed);
    expect(selectOrders(store.getState()).map((o) => o.id)).toEqual([100, 101]);
    expect(selectOrderStatus(store.getState())).toBe('idle');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/orders',
      headers: { 'Idempotency-Key': 'attempt-1' },
    });
    expect(calls.at(-1)?.body).toMatchObject({ paymentMethod: 'cash', selectedAddress: anAddress() });
  });

  it('keeps the stock error from a failed create until it is cleared', async () => {
    fakeApi({ 'POST /orders': { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } } });
    const store = makeStore();
    await store.dispatch(createOrder(placement));
    expect(selectOrderError(store.getState())).toBe('Kanjivaram Silk Saree is out of stock');
    expect(selectCurrentOrder(store.getState())).toBeNull();
    expect(selectOrderStatus(store.getState())).toBe('idle');
    store.dispatch(orderErrorCleared());
    expect(selectOrderError(store.getState())).toBeNull();
  });

  it('clears the current order on resetOrder', async () => {
    fakeApi({ 'POST /orders': { status: 201, body: anOrder() } });
    const store = makeStore();
    await store.dispatch(createOrder(placement));
    store.dispatch(resetOrder());
    expect(selectCurrentOrder(store.getState())).toBeNull();
    expect(selectOrders(store.getState())).toHaveLength(1);
  });

  it('treats a verified card order like a created one', () => {
    const store = makeStore();
    store.dispatch(orderPlaced(anOrder({ id: 102, paymentMethod: 'card' })));
    expect(selectCurrentOrder(store.getState())?.id).toBe(102);
    expect(selectOrders(store.getState()).map((o) => o.id)).toEqual([102]);
  });

  it('loads the owner orders page with its total', async () => {
    const { calls } = fakeApi({
      'GET /orders/owner': { body: { orders: [anOrder({ id: 3 }), anOrder({ id: 2 })], totalOrders: 7 } },
    });
    const store = makeStore();
    await store.dispatch(fetchOwnerOrders({ _page: 2, _per_page: 5 }));
    expect(selectOrders(store.getState()).map((o) => o.id)).toEqual([3, 2]);
    expect(selectTotalOrders(store.getState())).toBe(7);
    expect(calls[0]?.url).toBe('/orders/owner?_page=2&_per_page=5');
  });

  it('loads all orders for the admin from the products key, sorted by creation time descending by default', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [anOrder({ id: 9 })], totalOrders: 31 } },
    });
    const store = makeStore();
    await store.dispatch(fetchAllOrders({ sort: {}, pagination: { _page: 1, _per_page: 10 } }));
    expect(selectOrders(store.getState()).map((o) => o.id)).toEqual([9]);
    expect(selectTotalOrders(store.getState())).toBe(31);
    expect(calls[0]?.url).toBe('/orders/admin?_sort=createdAt&_order=desc&_page=1&_per_page=10');
  });

  it('passes the chosen admin sort through', async () => {
    const { calls } = fakeApi({ 'GET /orders/admin': { body: { products: [], totalOrders: 0 } } });
    const store = makeStore();
    await store.dispatch(
      fetchAllOrders({
        sort: { _sort: 'totalAmount', _order: 'asc' },
        pagination: { _page: 3, _per_page: 10 },
      }),
    );
    expect(calls[0]?.url).toBe('/orders/admin?_sort=totalAmount&_order=asc&_page=3&_per_page=10');
  });

  it('replaces an updated order by id and makes it the viewed order', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [anOrder({ id: 1 }), anOrder({ id: 2 })], totalOrders: 2 } },
      'PATCH /orders/2': { body: anOrder({ id: 2, status: 'dispatched' }) },
    });
    const store = makeStore();
    await store.dispatch(fetchAllOrders({ sort: {}, pagination: { _page: 1, _per_page: 10 } }));
    await store.dispatch(updateOrder({ id: 2, status: 'dispatched' }));
    expect(selectOrders(store.getState()).map((o) => o.status)).toEqual(['pending', 'dispatched']);
    expect(selectViewOrder(store.getState())).toMatchObject({ id: 2, status: 'dispatched' });
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/orders/2', body: { status: 'dispatched' } });
  });

  it('keeps the server message when an update fails', async () => {
    fakeApi({
      'PATCH /orders/2': { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } },
    });
    const store = makeStore();
    await store.dispatch(updateOrder({ id: 2, status: 'pending' }));
    expect(selectOrderError(store.getState())).toBe('Kanjivaram Silk Saree is out of stock');
  });

  it('sets and clears the viewed order', () => {
    const store = makeStore();
    store.dispatch(viewOrderSet(anOrder({ id: 5 })));
    expect(selectViewOrder(store.getState())?.id).toBe(5);
    store.dispatch(viewOrderCleared());
    expect(selectViewOrder(store.getState())).toBeNull();
  });

  it('loads one order by id as the viewed order', async () => {
    fakeApi({ 'GET /orders/42': { body: anOrder({ id: 42 }) } });
    const store = makeStore();
    await store.dispatch(fetchOrderById(42));
    expect(selectViewOrder(store.getState())?.id).toBe(42);
    expect(selectOrderStatus(store.getState())).toBe('idle');
  });

  it('does not turn a failed load into a stock error', async () => {
    fakeApi({ 'GET /orders/owner': { status: 500, body: { message: 'Something went wrong' } } });
    const store = makeStore();
    await store.dispatch(fetchOwnerOrders({ _page: 1, _per_page: 5 }));
    expect(selectOrderError(store.getState())).toBeNull();
    expect(selectOrderStatus(store.getState())).toBe('idle');
  });

  it('forgets orders when the session ends', async () => {
    fakeApi({ 'POST /orders': { status: 201, body: anOrder() } });
    const store = makeStore();
    await store.dispatch(createOrder(placement));
    store.dispatch({ type: 'auth/logout/fulfilled' });
    expect(selectOrders(store.getState())).toEqual([]);
    expect(selectCurrentOrder(store.getState())).toBeNull();
  });
});
