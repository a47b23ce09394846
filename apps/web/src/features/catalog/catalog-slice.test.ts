import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Option } from '@shop/shared/catalog';
import { makeStore } from '../../app/store';
import { fakeApi } from '../../test/fake-api';
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

const opt = (id: number, name: string): Option => ({ id, label: name, value: name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalog slice', () => {
  it('loads the brands and the categories', async () => {
    const { calls } = fakeApi({
      'GET /brands': { body: [opt(1, 'Kashi Weaves')] },
      'GET /category': { body: [opt(1, 'Sarees'), opt(2, 'Lehengas')] },
    });
    const store = makeStore();
    const pending = store.dispatch(fetchBrands());
    expect(selectCatalogStatus(store.getState())).toBe('loading');
    await pending;
    await store.dispatch(fetchCategories());
    expect(calls.map((c) => c.url)).toEqual(['/brands', '/category']);
    expect(selectBrands(store.getState()).map((b) => b.label)).toEqual(['Kashi Weaves']);
    expect(selectCategories(store.getState()).map((c) => c.value)).toEqual(['Sarees', 'Lehengas']);
    expect(selectCatalogStatus(store.getState())).toBe('idle');
  });

  it("asks only for the options in use when the shopper's filters need them", async () => {
    const { calls } = fakeApi({
      'GET /brands?inUse=true': { body: [opt(1, 'Kashi Weaves')] },
      'GET /category?inUse=true': { body: [opt(1, 'Sarees')] },
    });
    const store = makeStore();
    await store.dispatch(fetchBrands(true));
    await store.dispatch(fetchCategories(true));
    expect(calls.map((c) => c.url)).toEqual(['/brands?inUse=true', '/category?inUse=true']);
    expect(selectBrands(store.getState()).map((b) => b.label)).toEqual(['Kashi Weaves']);
  });

  it('creates a brand with label and value both set to the entered name and appends it', async () => {
    const { calls } = fakeApi({
      'GET /brands': { body: [opt(1, 'Kashi Weaves')] },
      'POST /brands/': { status: 201, body: opt(2, 'Pari Looms') },
    });
    const store = makeStore();
    await store.dispatch(fetchBrands());
    await store.dispatch(createBrand('  Pari Looms '));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/brands/',
      body: { label: 'Pari Looms', value: 'Pari Looms' },
    });
    expect(selectBrands(store.getState()).map((b) => b.label)).toEqual(['Kashi Weaves', 'Pari Looms']);
  });

  it('creates a category with label and value both set to the entered name and appends it', async () => {
    const { calls } = fakeApi({ 'POST /category': { status: 201, body: opt(3, 'Dupattas') } });
    const store = makeStore();
    await store.dispatch(createCategory('Dupattas'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/category',
      body: { label: 'Dupattas', value: 'Dupattas' },
    });
    expect(selectCategories(store.getState())).toEqual([opt(3, 'Dupattas')]);
  });

  it('keeps the list and stores the server message when a create is refused, and resets it', async () => {
    fakeApi({ 'POST /brands/': { status: 409, body: { message: 'Brand already exists' } } });
    const store = makeStore();
    await store.dispatch(createBrand('Kashi Weaves'));
    expect(selectBrands(store.getState())).toEqual([]);
    expect(selectCatalogError(store.getState())).toBe('Brand already exists');
    expect(selectCatalogStatus(store.getState())).toBe('idle');
    store.dispatch(catalogErrorReset());
    expect(selectCatalogError(store.getState())).toBeNull();
  });

  it('stores the message when a list fails to load', async () => {
    fakeApi({ 'GET /category': { status: 503, body: { message: 'Service unavailable' } } });
    const store = makeStore();
    await store.dispatch(fetchCategories());
    expect(selectCatalogError(store.getState())).toBe('Service unavailable');
    expect(selectCategories(store.getState())).toEqual([]);
  });
});
