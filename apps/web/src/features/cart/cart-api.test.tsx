import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { aCartItem } from '../../test/commerce-fixtures';
import { cartApi, selectCart } from './cart-api';
import { cartQuantity, cartTotal } from './cart-totals';
import { lineAdded } from './guest-cart-slice';
import { useCart } from './use-cart';

afterEach(() => vi.unstubAllGlobals());

const { addToCart, deleteCartItem, emptyCart, getCart, updateCartItem } = cartApi.endpoints;

const saree = aCartItem({ id: 11, quantity: 2 });
const dupatta = aCartItem({
  id: 12,
  quantity: 1,
  product: { ...aCartItem().product, id: 2, title: 'Chanderi Dupatta', discountedPrice: 1499.5 },
});

/** A store whose cart has been loaded with `items`. */
async function loadedCart(items = [saree, dupatta]) {
  const store = makeStore();
  await store.dispatch(getCart.initiate());
  expect(selectCart(store.getState()).data).toEqual(items);
  return store;
}
const cartOf = (store: ReturnType<typeof makeStore>) => selectCart(store.getState()).data;

describe('the cart', () => {
  it('loads the cart, loading while the request runs', async () => {
    fakeApi({ 'GET /cart': { body: [saree, dupatta] } });
    const store = makeStore();
    const done = store.dispatch(getCart.initiate());
    expect(selectCart(store.getState()).isLoading).toBe(true);
    await done;
    expect(cartOf(store)).toEqual([saree, dupatta]);
  });

  it('keeps the failure of a load, so the cart counts as loaded even then', async () => {
    fakeApi({ 'GET /cart': { status: 500, body: { message: 'Something went wrong' } } });
    const store = makeStore();
    await store.dispatch(getCart.initiate());
    expect(selectCart(store.getState())).toMatchObject({
      isError: true,
      error: { message: 'Something went wrong' },
    });
  });

  it('appends an added line with the body the server expects, without reading the cart again', async () => {
    const { calls } = fakeApi({
      'GET /cart': { body: [saree] },
      'POST /cart': { status: 201, body: dupatta },
    });
    const store = await loadedCart([saree]);
    await store.dispatch(addToCart.initiate({ product: 2, quantity: 1, color: '#7a1f2b', size: 216 }));
    expect(cartOf(store)?.map((i) => i.id)).toEqual([11, 12]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /cart', 'POST /cart']);
    expect(calls.at(-1)?.body).toEqual({ product: 2, quantity: 1, color: '#7a1f2b', size: 216 });
  });

  it('fails a duplicate with the server message and keeps the cart as it was', async () => {
    fakeApi({
      'GET /cart': { body: [saree] },
      'POST /cart': { status: 409, body: { message: 'Product already in cart' } },
    });
    const store = await loadedCart([saree]);
    const result = await store.dispatch(
      addToCart.initiate({ product: 1, quantity: 1, color: '#7a1f2b', size: 216 }),
    );
    expect(result.error).toEqual({ status: 409, message: 'Product already in cart' });
    expect(cartOf(store)).toEqual([saree]);
  });

  it('replaces the updated line by id and leaves the others', async () => {
    const { calls } = fakeApi({
      'GET /cart': { body: [saree, dupatta] },
      'PATCH /cart/12': { body: { ...dupatta, quantity: 3 } },
    });
    const store = await loadedCart();
    await store.dispatch(updateCartItem.initiate({ id: 12, quantity: 3 }));
    expect(cartOf(store)).toEqual([saree, { ...dupatta, quantity: 3 }]);
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/cart/12', body: { quantity: 3 } });
  });

  it('removes a deleted line, and keeps one whose delete failed', async () => {
    fakeApi({
      'GET /cart': { body: [saree, dupatta] },
      'DELETE /cart/11': { status: 204 },
      'DELETE /cart/12': { status: 404, body: { message: 'Cart item not found' } },
    });
    const store = await loadedCart();
    await store.dispatch(deleteCartItem.initiate(11));
    await store.dispatch(deleteCartItem.initiate(12));
    expect(cartOf(store)).toEqual([dupatta]);
  });

  it('empties the cart with one DELETE /cart', async () => {
    const { calls } = fakeApi({ 'GET /cart': { body: [saree, dupatta] }, 'DELETE /cart': { status: 204 } });
    const store = await loadedCart();
    await store.dispatch(emptyCart.initiate());
    expect(cartOf(store)).toEqual([]);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/cart']);
  });

  it('counts pieces and totals in rupees without float drift', () => {
    expect(cartQuantity([saree, dupatta])).toBe(3);
    expect(cartTotal([saree, dupatta])).toBe(9000 * 2 + 1499.5);
  });
});

describe('cart loading', () => {
  it('sends one request when several components show the cart at once, and none for a page opened later', async () => {
    const { calls } = fakeApi({ 'GET /cart': { body: [saree] } });
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const topBar = renderHook(() => useCart(true), { wrapper });
    renderHook(() => useCart(true), { wrapper });
    await vi.waitFor(() => expect(topBar.result.current.loaded).toBe(true));
    const later = renderHook(() => useCart(true), { wrapper });
    expect(later.result.current.items).toEqual([saree]);
    expect(calls).toHaveLength(1);
  });

  it("prices a visitor's bag with the server, sends nothing for an empty bag, and reads no account cart", async () => {
    const { calls } = fakeApi({ 'POST /cart/quote': { body: { items: [saree], changes: [] } } });
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const empty = renderHook(() => useCart(false), { wrapper });
    expect(empty.result.current).toMatchObject({ loaded: true, items: [] });
    expect(calls).toHaveLength(0);
    act(() => void store.dispatch(lineAdded({ product: saree.product.id, color: saree.color, size: saree.size, quantity: 2 })));
    await vi.waitFor(() => expect(empty.result.current.items).toEqual([saree]));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /cart/quote']);
    expect(calls[0]?.body).toEqual({ items: [{ product: saree.product.id, color: saree.color, size: saree.size, quantity: 2 }] });
  });
});
