import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestCartChange } from '@shop/shared/cart';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { aCartItem } from '../../test/commerce-fixtures';
import { selectCart } from './cart-api';
import { lineAdded, selectGuestLines, selectMergeKey, storedBag } from './guest-cart-slice';
import { useGuestCartUpkeep } from './use-guest-cart-upkeep';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const line = { product: 1, color: '#7a1f2b', size: 216, quantity: 2 };
const capped: GuestCartChange = { ...line, title: 'Kanjivaram Silk Saree', asked: 2, kept: 1, reason: 'capped' };

function setup(signedIn: boolean) {
  const store = makeStore();
  act(() => void store.dispatch(lineAdded(line)));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(({ on }) => useGuestCartUpkeep(on), { wrapper, initialProps: { on: signedIn } });
  return { store, hook };
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe("a visitor's bag", () => {
  it('is kept on this device for the next visit', async () => {
    fakeApi({ 'POST /cart/quote': { body: { items: [aCartItem({ id: 1, quantity: 2 })], changes: [] } } });
    setup(false);
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('shop.bag') ?? 'null')).toEqual({ lines: [line], mergeKey: null }));
  });

  it('is trimmed to what the server kept, and the visitor is told why', async () => {
    fakeApi({ 'POST /cart/quote': ({ body }) => ({ body: { items: [aCartItem({ id: 1, quantity: 1 })], changes: (body as { items: { quantity: number }[] }).items[0]!.quantity > 1 ? [capped] : [] } }) });
    const { store } = setup(false);
    await vi.waitFor(() => expect(selectGuestLines(store.getState())).toEqual([{ ...line, quantity: 1 }]));
    expect(toast.info).toHaveBeenCalledWith('Kanjivaram Silk Saree: only 1 of the 2 you chose could be kept, as that is all we have');
    expect(toast.info).toHaveBeenCalledTimes(1);
  });

  it('joins the account once someone signs in, with one key, and the cart shows the account cart the server sent', async () => {
    const account = [aCartItem({ id: 7, quantity: 3 })];
    const { calls } = fakeApi({
      'POST /cart/quote': { body: { items: [aCartItem({ id: 1, quantity: 2 })], changes: [] } },
      'POST /cart/merge': { body: { items: account, changes: [capped] } },
    });
    const { store, hook } = setup(false);
    hook.rerender({ on: true });
    await vi.waitFor(() => expect(selectGuestLines(store.getState())).toEqual([]));
    const merges = calls.filter((c) => c.url === '/cart/merge');
    expect(merges).toHaveLength(1);
    expect(merges[0]!.body).toEqual({ items: [line] });
    expect(merges[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(selectCart(store.getState()).data).toEqual(account);
    expect(toast.info).toHaveBeenCalledWith('Kanjivaram Silk Saree: only 1 of the 2 you chose could be kept, as that is all we have');
    expect(localStorage.getItem('shop.bag')).toBeNull();
  });

  it('stays on this device with its key when the join fails, so a retry adds nothing twice', async () => {
    fakeApi({ 'POST /cart/merge': { status: 503, body: { message: 'Service unavailable' } } });
    const { store } = setup(true);
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('kept on this device')));
    expect(selectGuestLines(store.getState())).toEqual([line]);
    const key = selectMergeKey(store.getState());
    expect(key).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('shop.bag') ?? 'null')).toEqual({ lines: [line], mergeKey: key });
  });

  it('is read back only when it is still a bag the server would take', () => {
    const kept = { lines: [line], mergeKey: 'k1' };
    expect(storedBag(JSON.stringify(kept))).toEqual(kept);
    for (const bad of [
      'not json',
      JSON.stringify({ lines: [{ ...line, product: -1 }] }),
      JSON.stringify({ lines: [{ ...line, color: 'red' }] }),
      JSON.stringify({ lines: [{ ...line, quantity: 1.5 }] }),
      JSON.stringify({ lines: Array.from({ length: 51 }, (_, i) => ({ ...line, product: i + 1 })) }),
    ])
      expect(storedBag(bad)).toEqual({ lines: [], mergeKey: null });
  });
});
