import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Wishlist } from '@shop/shared/reviews';
import { aProduct, aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { selectGuestWishlist } from '../guest-wishlist-slice';
import { LazyWishlistHeart } from './lazy';
import { LazyCardHeart } from './card-heart-lazy';
import { PriceDropMailsToggle } from './price-drop-mails';

const saree = aProduct({ id: 7, title: 'Banarasi Silk Saree' });
const empty: Wishlist = { items: [] };

function renderHeart(signedIn: boolean) {
  return renderPage(<LazyWishlistHeart product={saree} />, { path: '/', url: '/', ...(signedIn && { state: signedInAs(aUser()) }) });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the wishlist heart', () => {
  it('keeps a visitor’s product on this device, and takes it off again', async () => {
    const { calls } = fakeApi({});
    const { store } = renderHeart(false);
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heart);
    const kept = screen.getByRole('button', { name: 'Remove from wishlist' });
    expect(kept.getAttribute('aria-pressed')).toBe('true');
    expect(selectGuestWishlist(store.getState())).toEqual([7]);
    await waitFor(() => expect(window.localStorage.getItem('shop.wishlist')).toBe('[7]'));
    await userEvent.click(kept);
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('shop.wishlist')).toBeNull());
    expect(calls.filter((c) => c.url.startsWith('/wishlist'))).toEqual([]);
  });

  it('keeps a signed-in shopper’s product on the server and removes it there', async () => {
    let list = empty;
    const { calls } = fakeApi({
      'GET /wishlist': () => ({ body: list }),
      'PUT /wishlist/7': () => {
        list = { items: [{ productId: 7, addedAt: '2026-11-27T08:00:00Z', title: saree.title, brand: saree.brand, thumbnail: saree.thumbnail, price: 12000, discountedPrice: 9000, stock: 5, deleted: false }] };
        return { body: { productId: 7 } };
      },
      'DELETE /wishlist/7': () => {
        list = empty;
        return { status: 204 };
      },
    });
    renderHeart(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect((await screen.findByRole('button', { name: 'Remove from wishlist' })).getAttribute('aria-pressed')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/wishlist/7')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/wishlist/7')).toBe(true);
  });

  it('shows the heart empty again, with the server’s message, when the server refuses', async () => {
    fakeApi({
      'GET /wishlist': { body: empty },
      'PUT /wishlist/7': { status: 409, body: { message: 'Your wishlist is full: remove something to keep more than 200 products' } },
    });
    renderHeart(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Your wishlist is full: remove something to keep more than 200 products')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('joins the list kept on this device to the account once signed in, then forgets it here', async () => {
    window.localStorage.setItem('shop.wishlist', '[7,3]');
    const { calls } = fakeApi({
      'GET /wishlist': { body: empty },
      'POST /wishlist/merge': {
        body: { items: [{ productId: 7, addedAt: '2026-11-27T08:00:00Z', title: saree.title, brand: saree.brand, thumbnail: saree.thumbnail, price: 12000, discountedPrice: 9000, stock: 5, deleted: false }] },
      },
    });
    const { store } = renderHeart(true);
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/wishlist/merge')!.body).toEqual({ productIds: [7, 3] });
    await waitFor(() => expect(window.localStorage.getItem('shop.wishlist')).toBeNull());
    expect(selectGuestWishlist(store.getState())).toEqual([]);
  });

  it('appears on a product card once the page is idle, and keeps the product like the page’s heart', async () => {
    fakeApi({});
    const { store } = renderPage(<LazyCardHeart product={saree} />, { path: '/', url: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(selectGuestWishlist(store.getState())).toEqual([7]);
  });
});

describe('the profile’s price-drop mails', () => {
  it('shows the choice and saves it when changed', async () => {
    const { calls } = fakeApi({ 'GET /wishlist/mails': { body: { priceDropMails: true } }, 'PUT /wishlist/mails': { body: { priceDropMails: false } } });
    renderPage(<PriceDropMailsToggle />, { path: '/', url: '/', state: signedInAs(aUser()) });
    const box = await screen.findByRole('checkbox', { name: /Mail me when something on my wishlist drops in price/ });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ priceDropMails: false });
  });
});
