import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { makeStore } from '../lib/store';
import { authApi } from '../features/auth/auth-api';
import { listingQuery, readListing } from '../features/product/listing-query';
import { productApi } from '../features/product/product-api';
import { selectLoggedInUser } from '../features/auth/auth-slice';
import { aUser } from '../test/commerce-fixtures';
import { fakeApi } from '../test/fake-api';
import { firstRead, startFirstRequests } from './first-requests';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel=preload]').forEach((l) => l.remove());
});

describe("a first visit's early requests", () => {
  it("read what the listing and the product page ask for first, and nothing for other pages", () => {
    expect(firstRead('/', '')?.path).toBe('/products?_page=1&_per_page=12&admin=false');
    expect(firstRead('/', '?search=silk&page=2&sort=price-low-to-high')?.path).toBe(
      '/products?search=silk&_sort=discountedPrice&_order=asc&_page=2&_per_page=12&admin=false',
    );
    expect(firstRead('/product-detail/7', '')?.path).toBe('/products/7');
    for (const page of ['/cart', '/login', '/product-detail/7/more', '/admin'])
      expect(firstRead(page, '')).toBeNull();
  });

  it('start the session check and the page read once; the app takes both replies and the first pictures are asked for', async () => {
    const list = { products: [{ thumbnail: '/uploads/catalogue/a.webp' }], totalProducts: 1 };
    const { calls } = fakeApi({
      'GET /auth/check/': { body: aUser() },
      'GET /products': { body: list },
    });
    startFirstRequests({ pathname: '/', search: '' });
    expect(calls.map((c) => c.url)).toEqual(['/auth/check/', '/products?_page=1&_per_page=12&admin=false']);

    expect(await api('/auth/check/')).toEqual(aUser());
    expect(await api('/products?_page=1&_per_page=12&admin=false')).toEqual(list);
    expect(calls).toHaveLength(2);
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel=preload]')?.getAttribute('imagesrcset')).toBe(
        '/uploads/catalogue/a-400.webp 400w, /uploads/catalogue/a-800.webp 800w',
      ),
    );
  });

  it('feed the app’s cache: the session check and the listing’s first page are not asked for twice', async () => {
    const list = { products: [{ thumbnail: '/uploads/catalogue/b.webp' }], totalProducts: 1 };
    const { calls } = fakeApi({
      'GET /auth/check/': { body: aUser() },
      'GET /products': { body: list },
    });
    startFirstRequests({ pathname: '/', search: '?search=silk' });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.checkAuth.initiate());
    const firstPage = listingQuery(readListing(new URLSearchParams('?search=silk')), false);
    const listed = await store.dispatch(productApi.endpoints.getProducts.initiate(firstPage));
    expect(selectLoggedInUser(store.getState())).toEqual(aUser());
    expect(listed.data).toEqual(list);
    expect(calls).toHaveLength(2);
  });
});
