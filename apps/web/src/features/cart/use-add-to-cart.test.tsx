import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { aCartItem } from '../../test/commerce-fixtures';
import { cartApi, selectCart } from './cart-api';
import { selectGuestLines } from './guest-cart-slice';
import { useAddToCart } from './use-add-to-cart';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const saree = { id: 1, title: 'Kanjivaram Silk Saree', stock: 5 };

function setup(guest = false) {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useAddToCart(guest), { wrapper });
  return { store, add: () => result.current };
}

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('useAddToCart', () => {
  it.each([
    [
      'an out-of-stock product',
      { product: { ...saree, stock: 0 }, color: '#7a1f2b', size: 216 },
      'Kanjivaram Silk Saree is out of stock',
    ],
    ['no colour', { product: saree, color: null, size: 216 }, 'Please select a color'],
    ['no size', { product: saree, color: '#7a1f2b', size: null }, 'Please select a size'],
    [
      'no colour and no size, colour first',
      { product: saree, color: null, size: null },
      'Please select a color',
    ],
  ])('refuses %s with a toast and no request', async (_case, choice, message) => {
    const { calls } = fakeApi({});
    const { add } = setup();
    let ok;
    await act(async () => {
      ok = await add()(choice);
    });
    expect(ok).toBe(false);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(calls).toHaveLength(0);
  });

  it('adds one piece of the chosen colour and size to the cart on show, and says so', async () => {
    const { calls } = fakeApi({ 'POST /cart': { status: 201, body: aCartItem() } });
    const { add, store } = setup();
    await store.dispatch(cartApi.util.upsertQueryData('getCart', undefined, []));
    await act(async () => {
      await add()({ product: saree, color: '#7a1f2b', size: 216 });
    });
    expect(calls[0]?.body).toEqual({ product: 1, quantity: 1, color: '#7a1f2b', size: 216 });
    expect(toast.success).toHaveBeenCalledWith('Kanjivaram Silk Saree added to cart');
    expect(selectCart(store.getState()).data).toEqual([aCartItem()]);
  });

  it("shows the server's duplicate message", async () => {
    fakeApi({ 'POST /cart': { status: 409, body: { message: 'Product already in cart' } } });
    const { add } = setup();
    await act(async () => {
      await add()({ product: saree, color: '#7a1f2b', size: 216 });
    });
    expect(toast.error).toHaveBeenCalledWith('Product already in cart');
  });

  it("keeps a visitor's choice in the bag on this device, with no request, and refuses the same line twice", async () => {
    const { calls } = fakeApi({});
    const { add, store } = setup(true);
    await act(async () => {
      await add()({ product: saree, color: '#7a1f2b', size: 216 });
    });
    expect(selectGuestLines(store.getState())).toEqual([{ product: 1, quantity: 1, color: '#7a1f2b', size: 216 }]);
    expect(toast.success).toHaveBeenCalledWith('Kanjivaram Silk Saree added to cart');
    await act(async () => {
      await add()({ product: saree, color: '#7a1f2b', size: 216 });
    });
    expect(toast.error).toHaveBeenCalledWith('Product already in cart');
    expect(selectGuestLines(store.getState())).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });
});
