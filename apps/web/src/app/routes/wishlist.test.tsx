import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '@shop/shared/reviews';
import { aCartItem, aProduct, aUser } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderPage, signedInAs } from '../../test/render-page';
import { wishlistApi } from '../../features/wishlist/wishlist-api';
import WishlistPage from './wishlist';
import NotifyConfirmPage from './notify-confirm';

const item = (over: Partial<WishlistItem>): WishlistItem => ({
  productId: 1,
  addedAt: '2026-11-27T08:00:00Z',
  title: 'Kanjivaram Silk Saree',
  brand: 'Nalli',
  thumbnail: '/uploads/abc.webp',
  price: 124999,
  discountedPrice: 99999,
  stock: 2,
  deleted: false,
  ...over,
});
// One colour in one size: moved to the cart from here.
const oneChoice = aProduct({ id: 1, colors: ['#7a1f2b'], sizes: [216], stock: 2 });
const manyChoices = aProduct({ id: 2, title: 'Patola Saree', stock: 0 });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const renderWishlist = (signedIn: boolean) =>
  renderPage(<WishlistPage />, { path: '/wishlist', url: '/wishlist', ...(signedIn && { state: signedInAs(aUser()) }), elsewhere: ['/'] });

describe('the Wishlist page', () => {
  it('lists a signed-in shopper’s products with the price in rupees, the sale, the stock and what can be done', async () => {
    fakeApi({
      'GET /wishlist': {
        body: {
          items: [
            item({ productId: 1, salePrice: 89999 }),
            item({ productId: 2, title: 'Patola Saree', stock: 0 }),
            item({ productId: 3, title: 'Old Chanderi', deleted: true }),
          ],
        },
      },
      'GET /products/1': { body: oneChoice },
      'GET /products/2': { body: manyChoices },
      'GET /cart': { body: [] },
    });
    renderWishlist(true);
    const rows = within(await screen.findByRole('list', { name: 'Your wishlist' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('₹89,999, was ₹99,999');
    expect(within(rows[0]!).getByText('Only 2 left')).toBeTruthy();
    expect(await within(rows[0]!).findByRole('button', { name: 'Move to cart' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Out of stock')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('₹99,999, was ₹1,24,999');
    expect(within(rows[2]!).getByText('No longer available')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
  });

  it('moves a product to the cart and off the wishlist; one with choices to make links to its page', async () => {
    const { calls } = fakeApi({
      'GET /wishlist': { body: { items: [item({ productId: 1 }), item({ productId: 2, title: 'Patola Saree', stock: 4 })] } },
      'GET /products/1': { body: oneChoice },
      'GET /products/2': { body: { ...manyChoices, stock: 4 } },
      'GET /cart': { body: [] },
      'POST /cart': { status: 201, body: aCartItem() },
      'DELETE /wishlist/1': { status: 204 },
    });
    renderWishlist(true);
    const link = await screen.findByRole('link', { name: 'Choose colour and size' });
    expect(link.getAttribute('href')).toBe('/product-detail/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Move to cart' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your wishlist' })).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/cart')!.body).toEqual({ product: 1, quantity: 1, color: '#7a1f2b', size: 216 });
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/wishlist/1')).toBe(true);
  });

  it('shows a visitor the list kept on this device, and lets them remove from it', async () => {
    window.localStorage.setItem('shop.wishlist', '[2]');
    fakeApi({ 'GET /products/2': { body: manyChoices } });
    renderWishlist(false);
    expect(await screen.findByRole('link', { name: 'Patola Saree' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Patola Saree from wishlist' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
  });
});

describe('the Wishlist page at sign-in', () => {
  it('shows the list once the device’s list has joined the account’s, never an empty wishlist before', async () => {
    window.localStorage.setItem('shop.wishlist', '[1]');
    const { fetchMock } = fakeApi({
      'GET /wishlist': { body: { items: [] } },
      'POST /wishlist/merge': { body: { items: [item({ productId: 1 })] } },
      'GET /products/1': { body: oneChoice },
      'GET /cart': { body: [] },
    });
    // The join's reply is held until the account's own (empty) list has been read.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reply = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/wishlist/merge')) await held;
      return reply(input, init);
    });
    const { store } = renderWishlist(true);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/wishlist/merge'))).toBe(true));
    await waitFor(() => expect(wishlistApi.endpoints.getWishlist.select()(store.getState() as never).isSuccess).toBe(true));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Your wishlist is empty')).toBeNull();
    release();
    expect(await within(await screen.findByRole('list', { name: 'Your wishlist' })).findByText('Kanjivaram Silk Saree')).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('shop.wishlist')).toBeNull());
  });
});

describe('the Notify me confirmation page', () => {
  it('confirms the link and leads to the product', async () => {
    const { calls } = fakeApi({
      'POST /notify-me/confirm': { body: { message: "Done: we'll email you when it's back in stock.", productId: 4 } },
      'GET /products/4': { body: aProduct({ id: 4, title: 'Restock Chanderi' }) },
    });
    renderPage(<NotifyConfirmPage />, { path: '/notify-me/confirm', url: '/notify-me/confirm?token=abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText("Done: we'll email you when it's back in stock.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the product' }).getAttribute('href')).toBe('/product-detail/4');
    expect(await screen.findByText('Restock Chanderi')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/notify-me/confirm')).toHaveLength(1);
  });

  it('says so when the link is not valid', async () => {
    fakeApi({ 'POST /notify-me/confirm': { status: 404, body: { message: 'This link is not valid or has expired' } } });
    renderPage(<NotifyConfirmPage />, { path: '/notify-me/confirm', url: '/notify-me/confirm?token=bad' });
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has expired');
  });
});
