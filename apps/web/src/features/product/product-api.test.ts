import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/shared/product';
import { EMPTY_DETAILS } from '@shop/shared/variants';
import { makeStore } from '../../lib/store';
import { productAdminApi } from './admin/product-admin-api';
import { productApi } from './product-api';

const { getProduct, getProducts } = productApi.endpoints;
const { createProduct, updateProduct } = productAdminApi.endpoints;

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
    variants: [],
    sizeLabels: ['216'],
    sizeUnit: 'in',
    colorImages: [],
    details: EMPTY_DETAILS,
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

describe('the product list', () => {
  it('asks with each filter value as a repeated key, the sort, the page and admin=false', async () => {
    const seen = stubFetch(() => json({ products: [product(1), product(2)], totalProducts: 14 }));
    const store = makeStore();
    const query = {
      filter: { category: ['Sarees', 'Lehengas'], brand: ['Kashi Weaves'], search: ' silk ' },
      sort: { _sort: 'discountedPrice', _order: 'asc' as const },
      pagination: { _page: 2, _per_page: 12 },
      admin: false,
    };
    const pending = store.dispatch(getProducts.initiate(query));
    expect(getProducts.select(query)(store.getState()).isLoading).toBe(true);
    const list = await pending;

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
    expect(list.data?.products.map((p) => p.id)).toEqual([1, 2]);
    expect(list.data?.totalProducts).toBe(14);
  });

  it('asks for deleted products with admin=true on the admin list', async () => {
    const seen = stubFetch(() => json({ products: [product(3, { deleted: true })], totalProducts: 1 }));
    const list = await makeStore().dispatch(getProducts.initiate({ admin: true }));
    expect(new URL(seen[0]!.url, 'http://shop.test').searchParams.get('admin')).toBe('true');
    expect(list.data?.products[0]!.deleted).toBe(true);
  });

  it('keeps each page its own answer, so an older, slower one never shows for a newer page', async () => {
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
    const first = { pagination: { _page: 1, _per_page: 12 } };
    const second = { pagination: { _page: 2, _per_page: 12 } };
    const slow = store.dispatch(getProducts.initiate(first));
    await store.dispatch(getProducts.initiate(second));
    releaseSlow();
    await slow;
    expect(
      getProducts
        .select(second)(store.getState())
        .data?.products.map((p) => p.id),
    ).toEqual([13]);
    expect(
      getProducts
        .select(first)(store.getState())
        .data?.products.map((p) => p.id),
    ).toEqual([1]);
  });

  it('fails with the server message', async () => {
    stubFetch(() => json({ message: 'Database unavailable' }, 503));
    const result = await makeStore().dispatch(getProducts.initiate({}));
    expect(result.error).toEqual({ status: 503, message: 'Database unavailable' });
  });
});

describe('one product', () => {
  it('loads by the id in the address', async () => {
    const seen = stubFetch(() => json(product(7)));
    const result = await makeStore().dispatch(getProduct.initiate('7'));
    expect(seen[0]!.url).toBe('/api/products/7');
    expect(result.data?.id).toBe(7);
  });

  it('fails with the server message when it cannot be found', async () => {
    stubFetch(() => json({ message: 'Product not found' }, 404));
    const result = await makeStore().dispatch(getProduct.initiate('404'));
    expect(result.error).toEqual({ status: 404, message: 'Product not found' });
  });
});

describe('the admin’s product writes', () => {
  it('create a product, and the lists are read again when next shown', async () => {
    const seen = stubFetch((req) =>
      req.method === 'POST' ? json(product(9), 201) : json({ products: [product(1)], totalProducts: 1 }),
    );
    const store = makeStore();
    await store.dispatch(getProducts.initiate({}));
    const { id: _id, rating: _r, discountedPrice: _d, breadcrumbs: _b, deleted: _del, ...body } = product(9);
    await store.dispatch(createProduct.initiate(body));
    expect(seen[1]).toMatchObject({
      method: 'POST',
      url: '/api/products/',
      body: { title: 'Banarasi silk 9' },
    });
    await vi.waitFor(() => expect(seen.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']));
  });

  it('show an updated product on its page at once, without reading it again', async () => {
    const seen = stubFetch((req) =>
      req.method === 'PATCH' ? json(product(1, { title: 'Kanjeevaram gold' })) : json(product(1)),
    );
    const store = makeStore();
    await store.dispatch(getProduct.initiate('1'));
    await store.dispatch(updateProduct.initiate({ id: 1, title: 'Kanjeevaram gold' }));
    expect(getProduct.select('1')(store.getState()).data?.title).toBe('Kanjeevaram gold');
    expect(seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
  });

  it('soft-delete: the product is kept, with deleted set to true', async () => {
    const seen = stubFetch(() => json(product(2, { deleted: true })));
    const store = makeStore();
    const result = await store.dispatch(updateProduct.initiate({ id: 2, deleted: true }));
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/products/2', body: { deleted: true } });
    expect(result.data?.deleted).toBe(true);
  });

  it('leave the product as it was and fail with the server message when refused', async () => {
    stubFetch((req) => (req.method === 'PATCH' ? json({ message: 'Forbidden' }, 403) : json(product(1))));
    const store = makeStore();
    await store.dispatch(getProduct.initiate('1'));
    const result = await store.dispatch(updateProduct.initiate({ id: 1, deleted: true }));
    expect(result.error).toEqual({ status: 403, message: 'Forbidden' });
    expect(getProduct.select('1')(store.getState()).data?.deleted).toBe(false);
  });
});
