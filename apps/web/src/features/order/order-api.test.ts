import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { anAddress, anOrder } from '../../test/commerce-fixtures';
import { orderApi } from './order-api';
import { orderPlaced, resetOrder, selectCurrentOrder } from './order-slice';

const { createOrder, getAdminOrders, getOrder, getOwnerOrders, updateOrderStatus } = orderApi.endpoints;

afterEach(() => vi.unstubAllGlobals());

const placement = {
  order: { paymentMethod: 'cash' as const, selectedAddress: anAddress() },
  idempotencyKey: 'attempt-1',
};
const firstPage = { sort: {}, pagination: { _page: 1, _per_page: 10 } };

describe('placing an order', () => {
  it('sends the address and the method with the attempt’s key, and makes the order the current one', async () => {
    const placed = anOrder({ id: 101 });
    const { calls } = fakeApi({ 'POST /orders': { status: 201, body: placed } });
    const store = makeStore();
    const pending = store.dispatch(createOrder.initiate(placement));
    expect(createOrder.select(pending.requestId)(store.getState()).isLoading).toBe(true);
    await pending;
    expect(selectCurrentOrder(store.getState())).toEqual(placed);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/orders',
      headers: { 'Idempotency-Key': 'attempt-1' },
    });
    expect(calls[0]?.body).toEqual({ paymentMethod: 'cash', selectedAddress: anAddress() });
  });

  it('fails with the stock error and leaves no current order', async () => {
    fakeApi({ 'POST /orders': { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } } });
    const store = makeStore();
    const result = await store.dispatch(createOrder.initiate(placement));
    expect(result.error).toEqual({ status: 409, message: 'Kanjivaram Silk Saree is out of stock' });
    expect(selectCurrentOrder(store.getState())).toBeNull();
  });

  it('reads the shopper’s lists again once an order is placed', async () => {
    const { calls } = fakeApi({
      'GET /orders/owner': { body: { orders: [], totalOrders: 0 } },
      'POST /orders': { status: 201, body: anOrder() },
    });
    const store = makeStore();
    await store.dispatch(getOwnerOrders.initiate({ _page: 1, _per_page: 5 }));
    await store.dispatch(createOrder.initiate(placement));
    await vi.waitFor(() => expect(calls.filter((c) => c.url.startsWith('/orders/owner'))).toHaveLength(2));
  });

  it('clears the current order on resetOrder, and takes a verified card order like a created one', () => {
    const store = makeStore();
    store.dispatch(orderPlaced(anOrder({ id: 102, paymentMethod: 'card' })));
    expect(selectCurrentOrder(store.getState())?.id).toBe(102);
    store.dispatch(resetOrder());
    expect(selectCurrentOrder(store.getState())).toBeNull();
  });

  it('forgets the current order when the session ends', async () => {
    fakeApi({ 'GET /auth/logout/': { body: { ok: true } } });
    const store = makeStore();
    store.dispatch(orderPlaced(anOrder()));
    const logout = orderApi.injectEndpoints({
      endpoints: (build) => ({ logout: build.mutation<unknown, void>({ query: () => '/auth/logout/' }) }),
      overrideExisting: false,
    });
    await store.dispatch(logout.endpoints.logout.initiate());
    expect(selectCurrentOrder(store.getState())).toBeNull();
  });
});

describe('reading orders', () => {
  it('loads the owner’s page of orders with its total', async () => {
    const { calls } = fakeApi({
      'GET /orders/owner': { body: { orders: [anOrder({ id: 3 }), anOrder({ id: 2 })], totalOrders: 7 } },
    });
    const list = await makeStore().dispatch(getOwnerOrders.initiate({ _page: 2, _per_page: 5 }));
    expect(list.data?.orders.map((o) => o.id)).toEqual([3, 2]);
    expect(list.data?.totalOrders).toBe(7);
    expect(calls[0]?.url).toBe('/orders/owner?_page=2&_per_page=5');
  });

  it('loads every order for the admin, sorted by creation time descending by default', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [anOrder({ id: 9 })], totalOrders: 31 } },
    });
    const list = await makeStore().dispatch(getAdminOrders.initiate(firstPage));
    expect(list.data?.products.map((o) => o.id)).toEqual([9]);
    expect(calls[0]?.url).toBe('/orders/admin?_sort=createdAt&_order=desc&_page=1&_per_page=10');
  });

  it('passes the chosen admin sort through', async () => {
    const { calls } = fakeApi({ 'GET /orders/admin': { body: { products: [], totalOrders: 0 } } });
    await makeStore().dispatch(
      getAdminOrders.initiate({
        sort: { _sort: 'totalAmount', _order: 'asc' },
        pagination: { _page: 3, _per_page: 10 },
      }),
    );
    expect(calls[0]?.url).toBe('/orders/admin?_sort=totalAmount&_order=asc&_page=3&_per_page=10');
  });

  it('loads one order by id', async () => {
    fakeApi({ 'GET /orders/42': { body: anOrder({ id: 42 }) } });
    const result = await makeStore().dispatch(getOrder.initiate(42));
    expect(result.data?.id).toBe(42);
  });
});

describe('an admin’s status change', () => {
  it('replaces the order in the lists on show and on its page, without reading them again', async () => {
    const { calls } = fakeApi({
      'GET /orders/admin': { body: { products: [anOrder({ id: 1 }), anOrder({ id: 2 })], totalOrders: 2 } },
      'GET /orders/2': { body: anOrder({ id: 2 }) },
      'PATCH /orders/2': { body: anOrder({ id: 2, status: 'dispatched' }) },
    });
    const store = makeStore();
    await store.dispatch(getAdminOrders.initiate(firstPage));
    await store.dispatch(getOrder.initiate(2));
    await store.dispatch(updateOrderStatus.initiate({ id: 2, status: 'dispatched' }));
    const statuses = () =>
      getAdminOrders
        .select(firstPage)(store.getState())
        .data?.products.map((o) => o.status);
    expect(statuses()).toEqual(['pending', 'dispatched']);
    await vi.waitFor(() => expect(getOrder.select(2)(store.getState()).data?.status).toBe('dispatched'));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/orders/2', body: { status: 'dispatched' } });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('fails with the server message and changes nothing', async () => {
    fakeApi({
      'GET /orders/admin': { body: { products: [anOrder({ id: 2 })], totalOrders: 1 } },
      'PATCH /orders/2': { status: 409, body: { message: 'Kanjivaram Silk Saree is out of stock' } },
    });
    const store = makeStore();
    await store.dispatch(getAdminOrders.initiate(firstPage));
    const result = await store.dispatch(updateOrderStatus.initiate({ id: 2, status: 'pending' }));
    expect(result.error).toMatchObject({ message: 'Kanjivaram Silk Saree is out of stock' });
    expect(getAdminOrders.select(firstPage)(store.getState()).data?.products[0]?.status).toBe('pending');
  });
});
