import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/shared/product';
import { makeStore } from '../../app/store';
import {
  clearSelectedProduct,
  createProduct,
  deleteProduct,
  fetchProductById,
  fetchProductsByFilters,
  productErrorReset,
  selectAllProducts,
  selectProductError,
  selectProductListStatus,
  selectSelectedProduct,
  selectTotalItems,
  updateProduct,
} from './product-slice';

function product(id: number, over: Partial<Product> = {}): Product {
  return {
    id,
    title: `Banarasi silk ${id}`,
    description: 'Woven in Varanasi',
    brand: 'Kashi Weaves',
    category: 'Sarees',
    price: 4999,
    discountPercentage: 10,
    discountedPrice: 4499.1,
    rating: 4.5,
    stock: 5,
    thumbnail: `/uploads/${id}.webp`,
    images: [],
    colors: ['#7a1f2b'],
    sizes: [216],
    highlights: ['a', 'b', 'c', 'd'],
    hsn: null,
    gstRatePercent: null,
    countryOfOrigin: 'India',
    breadcrumbs: [],
    deleted: false,
    ...over,
  };
}

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch (the network boundary); `reply` answers each request, possibly after a delay. */
function stubFetch(reply: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const req = {
        method: init.method ?? 'GET',
        url: input,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      seen.push(req);
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return reply(req);
    }),
  );
  return seen;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('product slice', () => {
  it('lists products with each filter value as a repeated key, the sort, the page and admin=false', async () => {
    const seen = stubFetch(() => json({ products: [product(1), product(2)], totalProducts: 14 }));
    const store = makeStore();
    const pending = store.dispatch(
      fetchProductsByFilters({
        filter: { category: ['Sarees', 'Lehengas'], brand: ['Kashi Weaves'], search: ' silk ' },
        sort: { _sort: 'discountedPrice', _order: 'asc' },
        pagination: { _page: 2, _per_page: 12 },
        admin: false,
      }),
    );
    expect(selectProductListStatus(store.getState())).toBe('loading');
    await pending;

    const url = new URL(seen[0]!.url, 'http://shop.test');
    expect(url.pathname).toBe('/api/products');
    expect(url.searchParams.getAll('category')).toEqual(['Sarees', 'Lehengas']);
    expect(url.searchParams.getAll('brand')).toEqual(['Kashi Weaves']);
    expect(url.searchParams.get('search')).toBe('silk');
    expect(url.searchParams.get('_sort')).toBe('discountedPrice');
    expect(url.searchParams.get('_order')).toBe('asc');
    expect(url.searchParams.get('_page')).toBe('2');
    expect(url.searchParams.get('_per_page')).toBe('12');
    expect(url.searchParams.get('admin')).toBe('false');
    expect(selectAllProducts(store.getState()).map((p) => p.id)).toEqual([1, 2]);
    expect(selectTotalItems(store.getState())).toBe(14);
    expect(selectProductListStatus(store.getState())).toBe('idle');
  });

  it('asks for deleted products with admin=true on the admin list', async () => {
    const seen = stubFetch(() => json({ products: [product(3, { deleted: true })], totalProducts: 1 }));
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({ admin: true }));
    expect(new URL(seen[0]!.url, 'http://shop.test').searchParams.get('admin')).toBe('true');
    expect(selectAllProducts(store.getState())[0]!.deleted).toBe(true);
  });

  it('keeps the newest listing when an older, slower answer arrives last', async () => {
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    stubFetch(async (req) => {
      if (new URL(req.url, 'http://shop.test').searchParams.get('_page') === '1') {
        await slowGate;
        return json({ products: [product(1)], totalProducts: 30 });
      }
      return json({ products: [product(13)], totalProducts: 30 });
    });
    const store = makeStore();
    const slow = store.dispatch(fetchProductsByFilters({ pagination: { _page: 1, _per_page: 12 } }));
    await store.dispatch(fetchProductsByFilters({ pagination: { _page: 2, _per_page: 12 } }));
    releaseSlow();
    await slow;
    expect(selectAllProducts(store.getState()).map((p) => p.id)).toEqual([13]);
    expect(selectProductListStatus(store.getState())).toBe('idle');
  });

  it('stores the server message when the listing fails and returns to idle', async () => {
    stubFetch(() => json({ message: 'Database unavailable' }, 503));
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({}));
    expect(selectProductError(store.getState())).toBe('Database unavailable');
    expect(selectProductListStatus(store.getState())).toBe('idle');
  });

  it('does not report an error for a listing that was aborted', async () => {
    stubFetch(() => json({ products: [], totalProducts: 0 }));
    const store = makeStore();
    const p = store.dispatch(fetchProductsByFilters({}));
    p.abort();
    await p;
    expect(selectProductError(store.getState())).toBeNull();
    expect(selectProductListStatus(store.getState())).toBe('idle');
  });

  it('loads one product as the selected product and can clear it', async () => {
    const seen = stubFetch(() => json(product(7)));
    const store = makeStore();
    await store.dispatch(fetchProductById(7));
    expect(seen[0]!.url).toBe('/api/products/7');
    expect(selectSelectedProduct(store.getState())?.id).toBe(7);
    store.dispatch(clearSelectedProduct());
    expect(selectSelectedProduct(store.getState())).toBeNull();
  });

  it('stores the error of a failed product fetch and resets it on request', async () => {
    stubFetch(() => json({ message: 'Product not found' }, 404));
    const store = makeStore();
    await store.dispatch(fetchProductById(404));
    expect(selectProductError(store.getState())).toBe('Product not found');
    expect(selectSelectedProduct(store.getState())).toBeNull();
    store.dispatch(productErrorReset());
    expect(selectProductError(store.getState())).toBeNull();
  });

  it('appends a created product to the list', async () => {
    const seen = stubFetch((req) =>
      req.method === 'POST' ? json(product(9), 201) : json({ products: [product(1)], totalProducts: 1 }),
    );
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({}));
    const { id: _id, rating: _r, discountedPrice: _d, breadcrumbs: _b, deleted: _del, ...body } = product(9);
    await store.dispatch(createProduct(body));
    expect(seen[1]).toMatchObject({
      method: 'POST',
      url: '/api/products/',
      body: { title: 'Banarasi silk 9' },
    });
    expect(selectAllProducts(store.getState()).map((p) => p.id)).toEqual([1, 9]);
    expect(selectTotalItems(store.getState())).toBe(2);
  });

  it('replaces an updated product in the list and in the selection', async () => {
    stubFetch((req) =>
      req.method === 'PATCH'
        ? json(product(1, { title: 'Kanjeevaram gold' }))
        : req.url === '/api/products/1'
          ? json(product(1))
          : json({ products: [product(1), product(2)], totalProducts: 2 }),
    );
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({}));
    await store.dispatch(fetchProductById(1));
    await store.dispatch(updateProduct({ id: 1, title: 'Kanjeevaram gold' }));
    expect(selectAllProducts(store.getState()).map((p) => p.title)).toEqual([
      'Kanjeevaram gold',
      'Banarasi silk 2',
    ]);
    expect(selectSelectedProduct(store.getState())?.title).toBe('Kanjeevaram gold');
  });

  it('soft-deletes: the product stays in the list with deleted set to true', async () => {
    const seen = stubFetch((req) =>
      req.method === 'PATCH'
        ? json(product(2, { deleted: true }))
        : json({ products: [product(1), product(2)], totalProducts: 2 }),
    );
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({ admin: true }));
    await store.dispatch(deleteProduct(2));
    expect(seen[1]).toMatchObject({ method: 'PATCH', url: '/api/products/2', body: { deleted: true } });
    expect(selectAllProducts(store.getState()).map((p) => [p.id, p.deleted])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('keeps the list unchanged and stores the message when an update is refused', async () => {
    stubFetch((req) =>
      req.method === 'PATCH'
        ? json({ message: 'Forbidden' }, 403)
        : json({ products: [product(1)], totalProducts: 1 }),
    );
    const store = makeStore();
    await store.dispatch(fetchProductsByFilters({}));
    await store.dispatch(updateProduct({ id: 1, deleted: true }));
    expect(selectAllProducts(store.getState())[0]!.deleted).toBe(false);
    expect(selectProductError(store.getState())).toBe('Forbidden');
  });
});
