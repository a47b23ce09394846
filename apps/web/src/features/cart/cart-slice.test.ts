import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeApi } from '../../test/fake-api';
import { aCartItem } from '../../test/commerce-fixtures';
import {
  addToCart,
  cartErrorCleared,
  deleteCartItem,
  fetchCart,
  resetCart,
  selectCartCount,
  selectCartItems,
  selectCartLoaded,
  selectCartQuantity,
  selectCartStatus,
  selectCartTotal,
  updateCartItem,
} from './cart-slice';

afterEach(() => vi.unstubAllGlobals());

const saree = aCartItem({ id: 11, quantity: 2 });
const dupatta = aCartItem({
  id: 12,
  quantity: 1,
  product: { ...aCartItem().product, id: 2, title: 'Chanderi Dupatta', discountedPrice: 1499.5 },
});

describe('cart slice', () => {
  it('starts empty, idle and not loaded', () => {
    const store = makeStore();
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartStatus(store.getState())).toBe('idle');
    expect(selectCartLoaded(store.getState())).toBe(false);
  });

  it('loads the cart, is loading while the request runs and marks the cart loaded', async () => {
    fakeApi({ 'GET /cart': { body: [saree, dupatta] } });
    const store = makeStore();
    const done = store.dispatch(fetchCart());
    expect(selectCartStatus(store.getState())).toBe('loading');
    await done;
    expect(selectCartItems(store.getState())).toEqual([saree, dupatta]);
    expect(selectCartStatus(store.getState())).toBe('idle');
    expect(selectCartLoaded(store.getState())).toBe(true);
  });

  it('marks the cart loaded even when the fetch fails', async () => {
    fakeApi({ 'GET /cart': { status: 500, body: { message: 'Something went wrong' } } });
    const store = makeStore();
    await store.dispatch(fetchCart());
    expect(selectCartLoaded(store.getState())).toBe(true);
    expect(selectCartStatus(store.getState())).toBe('idle');
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('appends an added item with the body the server expects', async () => {
    const { calls } = fakeApi({
      'GET /cart': { body: [saree] },
      'POST /cart': { status: 201, body: dupatta },
    });
    const store = makeStore();
    await store.dispatch(fetchCart());
    await store.dispatch(addToCart({ product: 2, quantity: 1, color: '#7a1f2b', size: 216 }));
    expect(selectCartItems(store.getState()).map((i) => i.id)).toEqual([11, 12]);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/cart',
      body: { product: 2, quantity: 1, color: '#7a1f2b', size: 216 },
    });
  });

  it('rejects a duplicate with the server message and keeps the cart as it was', async () => {
    fakeApi({ 'POST /cart': { status: 409, body: { message: 'Product already in cart' } } });
    const store = makeStore();
    const result = await store.dispatch(addToCart({ product: 1, quantity: 1, color: '#7a1f2b', size: 216 }));
    expect(addToCart.rejected.match(result) && result.payload).toBe('Product already in cart');
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(store.getState().cart.error).toBe('Product already in cart');
    store.dispatch(cartErrorCleared());
    expect(store.getState().cart.error).toBeNull();
  });

  it('replaces the updated item by id and leaves the others', async () => {
    const { calls } = fakeApi({
      'GET /cart': { body: [saree, dupatta] },
      'PATCH /cart/12': { body: { ...dupatta, quantity: 3 } },
    });
    const store = makeStore();
    await store.dispatch(fetchCart());
    await store.dispatch(updateCartItem({ id: 12, quantity: 3 }));
    expect(selectCartItems(store.getState())).toEqual([saree, { ...dupatta, quantity: 3 }]);
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/cart/12', body: { quantity: 3 } });
  });

  it('removes a deleted item', async () => {
    fakeApi({ 'GET /cart': { body: [saree, dupatta] }, 'DELETE /cart/11': { status: 204 } });
    const store = makeStore();
    await store.dispatch(fetchCart());
    await store.dispatch(deleteCartItem(11));
    expect(selectCartItems(store.getState())).toEqual([dupatta]);
  });

  it('keeps an item whose delete failed', async () => {
    fakeApi({
      'GET /cart': { body: [saree] },
      'DELETE /cart/11': { status: 404, body: { message: 'Not found' } },
    });
    const store = makeStore();
    await store.dispatch(fetchCart());
    await store.dispatch(deleteCartItem(11));
    expect(selectCartItems(store.getState())).toEqual([saree]);
  });

  it('empties the cart with one DELETE /cart on reset', async () => {
    const { calls } = fakeApi({ 'GET /cart': { body: [saree, dupatta] }, 'DELETE /cart': { status: 204 } });
    const store = makeStore();
    await store.dispatch(fetchCart());
    await store.dispatch(resetCart());
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/cart']);
  });

  it('counts cart lines for the badge, pieces, and totals in rupees without float drift', async () => {
    fakeApi({ 'GET /cart': { body: [saree, dupatta] } });
    const store = makeStore();
    await store.dispatch(fetchCart());
    expect(selectCartCount(store.getState())).toBe(2);
    expect(selectCartQuantity(store.getState())).toBe(3);
    expect(selectCartTotal(store.getState())).toBe(9000 * 2 + 1499.5);
  });

  it('forgets the cart when the session ends', async () => {
    fakeApi({ 'GET /cart': { body: [saree] } });
    const store = makeStore();
    await store.dispatch(fetchCart());
    store.dispatch({ type: 'auth/logout/fulfilled' });
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartLoaded(store.getState())).toBe(false);
  });
});

describe('cart loading', () => {
  it('sends one request when several pages ask for the first load at once', async () => {
    const { calls } = fakeApi({ 'GET /cart': { body: [saree] } });
    const store = makeStore();
    await Promise.all([store.dispatch(fetchCart()), store.dispatch(fetchCart())]);
    expect(calls).toHaveLength(1);
    await store.dispatch(fetchCart());
    expect(calls).toHaveLength(2);
  });
});
