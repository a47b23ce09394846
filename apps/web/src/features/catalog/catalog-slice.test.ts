import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Option } from '@shop/shared/catalog';
import { makeStore } from '../../app/store';
import {
  catalogErrorReset,
  createBrand,
  createCategory,
  fetchBrands,
  fetchCategories,
  selectBrands,
  selectCatalogError,
  selectCatalogStatus,
  selectCategories,
} from './catalog-slice';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch (the network boundary) with a handler per request. */
function stubFetch(reply: (req: Seen) => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const req = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      seen.push(req);
      return reply(req);
    }),
  );
  return seen;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const opt = (id: number, name: string): Option => ({ id, label: name, value: name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalog slice', () => {
  it('loads the brands and the categories', async () => {
    const seen = stubFetch((req) =>
      json(req.url === '/api/brands' ? [opt(1, 'Kashi Weaves')] : [opt(1, 'Sarees'), opt(2, 'Lehengas')]),
    );
    const store = makeStore();
    const pending = store.dispatch(fetchBrands());
    expect(selectCatalogStatus(store.getState())).toBe('loading');
    await pending;
    await store.dispatch(fetchCategories());
    expect(seen.map((r) => r.url)).toEqual(['/api/brands', '/api/category']);
    expect(selectBrands(store.getState()).map((b) => b.label)).toEqual(['Kashi Weaves']);
    expect(selectCategories(store.getState()).map((c) => c.value)).toEqual(['Sarees', 'Lehengas']);
    expect(selectCatalogStatus(store.getState())).toBe('idle');
  });

  it('creates a brand with label and value both set to the entered name and appends it', async () => {
    const seen = stubFetch((req) =>
      req.method === 'POST' ? json(opt(2, 'Pari Looms'), 201) : json([opt(1, 'Kashi Weaves')]),
    );
    const store = makeStore();
    await store.dispatch(fetchBrands());
    await store.dispatch(createBrand('  Pari Looms '));
    expect(seen[1]).toEqual({
      method: 'POST',
      url: '/api/brands/',
      body: { label: 'Pari Looms', value: 'Pari Looms' },
    });
    expect(selectBrands(store.getState()).map((b) => b.label)).toEqual(['Kashi Weaves', 'Pari Looms']);
  });

  it('creates a category with label and value both set to the entered name and appends it', async () => {
    const seen = stubFetch(() => json(opt(3, 'Dupattas'), 201));
    const store = makeStore();
    await store.dispatch(createCategory('Dupattas'));
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/api/category',
      body: { label: 'Dupattas', value: 'Dupattas' },
    });
    expect(selectCategories(store.getState())).toEqual([opt(3, 'Dupattas')]);
  });

  it('keeps the list and stores the server message when a create is refused, and resets it', async () => {
    stubFetch(() => json({ message: 'Brand already exists' }, 409));
    const store = makeStore();
    await store.dispatch(createBrand('Kashi Weaves'));
    expect(selectBrands(store.getState())).toEqual([]);
    expect(selectCatalogError(store.getState())).toBe('Brand already exists');
    expect(selectCatalogStatus(store.getState())).toBe('idle');
    store.dispatch(catalogErrorReset());
    expect(selectCatalogError(store.getState())).toBeNull();
  });

  it('stores the message when a list fails to load', async () => {
    stubFetch(() => json({ message: 'Service unavailable' }, 503));
    const store = makeStore();
    await store.dispatch(fetchCategories());
    expect(selectCatalogError(store.getState())).toBe('Service unavailable');
    expect(selectCategories(store.getState())).toEqual([]);
  });
});
