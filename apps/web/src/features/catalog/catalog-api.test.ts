import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Option } from '@shop/shared/catalog';
import { makeStore } from '../../lib/store';
import { fakeApi } from '../../test/fake-api';
import { catalogApi } from './catalog-api';

const { createBrand, createCategory, getBrands, getCategories } = catalogApi.endpoints;
const opt = (id: number, name: string): Option => ({ id, label: name, value: name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the catalogue', () => {
  it('loads all the brands and the categories for the admin', async () => {
    const { calls } = fakeApi({
      'GET /brands': { body: [opt(1, 'Kashi Weaves')] },
      'GET /category': { body: [opt(1, 'Sarees'), opt(2, 'Lehengas')] },
    });
    const store = makeStore();
    const brands = await store.dispatch(getBrands.initiate(false));
    const categories = await store.dispatch(getCategories.initiate(false));
    expect(calls.map((c) => c.url)).toEqual(['/brands', '/category']);
    expect(brands.data?.map((b) => b.label)).toEqual(['Kashi Weaves']);
    expect(categories.data?.map((c) => c.value)).toEqual(['Sarees', 'Lehengas']);
  });

  it("asks only for the options in use when the shopper's filters need them", async () => {
    const { calls } = fakeApi({
      'GET /brands?inUse=true': { body: [opt(1, 'Kashi Weaves')] },
      'GET /category?inUse=true': { body: [opt(1, 'Sarees')] },
    });
    const store = makeStore();
    await store.dispatch(getBrands.initiate(true));
    await store.dispatch(getCategories.initiate(true));
    expect(calls.map((c) => c.url)).toEqual(['/brands?inUse=true', '/category?inUse=true']);
  });

  it('creates a brand with label and value both set to the entered name and appends it to the list', async () => {
    const { calls } = fakeApi({
      'GET /brands': { body: [opt(1, 'Kashi Weaves')] },
      'POST /brands/': { status: 201, body: opt(2, 'Pari Looms') },
    });
    const store = makeStore();
    await store.dispatch(getBrands.initiate(false));
    await store.dispatch(createBrand.initiate('  Pari Looms '));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/brands/',
      body: { label: 'Pari Looms', value: 'Pari Looms' },
    });
    expect(
      getBrands
        .select(false)(store.getState())
        .data?.map((b) => b.label),
    ).toEqual(['Kashi Weaves', 'Pari Looms']);
    expect(calls).toHaveLength(2);
  });

  it('creates a category with label and value both set to the entered name and appends it to the list', async () => {
    const { calls } = fakeApi({
      'GET /category': { body: [] },
      'POST /category': { status: 201, body: opt(3, 'Dupattas') },
    });
    const store = makeStore();
    await store.dispatch(getCategories.initiate(false));
    await store.dispatch(createCategory.initiate('Dupattas'));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/category',
      body: { label: 'Dupattas', value: 'Dupattas' },
    });
    expect(getCategories.select(false)(store.getState()).data).toEqual([opt(3, 'Dupattas')]);
  });

  it('keeps the list and fails with the server message when a create is refused', async () => {
    fakeApi({
      'GET /brands': { body: [opt(1, 'Kashi Weaves')] },
      'POST /brands/': { status: 409, body: { message: 'Brand already exists' } },
    });
    const store = makeStore();
    await store.dispatch(getBrands.initiate(false));
    const result = await store.dispatch(createBrand.initiate('Kashi Weaves'));
    expect(result.error).toEqual({ status: 409, message: 'Brand already exists' });
    expect(getBrands.select(false)(store.getState()).data).toEqual([opt(1, 'Kashi Weaves')]);
  });

  it('keeps the message when a list fails to load', async () => {
    fakeApi({ 'GET /category': { status: 503, body: { message: 'Service unavailable' } } });
    const store = makeStore();
    const result = await store.dispatch(getCategories.initiate(false));
    expect(result.error).toEqual({ status: 503, message: 'Service unavailable' });
  });
});
