import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/app.ts';
import { insertProduct } from '../../../test/commerce.ts';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createBackground } from '../../lib/background.ts';
import { listenForProductWrites, ProductCache } from './product-cache.ts';
import { catalogueIndex } from './products.queries.ts';
import { products } from './products.table.ts';

/** Polls until `check` holds, for at most two seconds: a NOTIFY arrives on its own connection. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ProductCache', () => {
  it('answers a repeated key from memory and loads again after an invalidation', async () => {
    const cache = new ProductCache();
    cache.setLive(true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('counts its hits and misses, and shows itself only to a subscriber of its channel', async () => {
    const seen: unknown[] = [];
    const onCreated = (c: unknown) => seen.push(c);
    new ProductCache();
    subscribe('shop:product-cache', onCreated);
    const cache = new ProductCache();
    unsubscribe('shop:product-cache', onCreated);
    expect(seen).toEqual([cache]);
    cache.setLive(true);
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('does not keep a reply that was read while a write happened', async () => {
    const cache = new ProductCache();
    cache.setLive(true);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = () => r('before the write'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('caches nothing while it cannot hear about writes', async () => {
    const cache = new ProductCache();
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('forgets a failed load so the next request tries again', async () => {
    const cache = new ProductCache();
    cache.setLive(true);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('drops the least recently used key past its size', async () => {
    const cache = new ProductCache(2);
    cache.setLive(true);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a again');
    await cache.get('c', async () => 'c');
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('bounds each region on its own: many pages never push a list out, and an invalidation empties all', async () => {
    const cache = new ProductCache(2, 2, 1);
    cache.setLive(true);
    await cache.get('list', async () => 'list');
    await cache.get('page 1', async () => 'page 1', 'pages');
    await cache.get('page 2', async () => 'page 2', 'pages');
    expect(await cache.get('page 1', async () => 'drawn again', 'pages')).toBe('drawn again');
    expect(await cache.get('list', async () => 'reloaded')).toBe('list');
    cache.invalidate();
    expect(cache.size).toBe(0);
  });
});

describe('ProductCache.latest: a value loaded in the background', () => {
  const live = () => {
    const cache = new ProductCache();
    const background = createBackground((err) => failures.push(err));
    cache.background = background;
    cache.setLive(true);
    return { cache, drain: () => background.drain() };
  };
  const failures: unknown[] = [];

  it('is undefined until its one load has finished, then the loaded value until a write', async () => {
    const { cache, drain } = live();
    let loads = 0;
    const load = async () => ++loads;
    expect(cache.latest('k', load)).toBeUndefined();
    expect(cache.latest('k', load)).toBeUndefined();
    await drain();
    expect(cache.latest('k', load)).toBe(1);
    cache.invalidate();
    expect(cache.latest('k', load)).toBeUndefined();
    await drain();
    expect(cache.latest('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('drops a value whose load a write overtook, and loads again when next asked', async () => {
    const { cache, drain } = live();
    let release!: () => void;
    cache.latest('k', () => new Promise<string>((r) => (release = () => r('before the write'))));
    await new Promise((r) => setImmediate(r));
    cache.invalidate();
    release();
    await drain();
    expect(cache.latest('k', async () => 'after the write')).toBeUndefined();
    await drain();
    expect(cache.latest('k', async () => 'unused')).toBe('after the write');
  });

  it('reports a failed load and tries again when next asked; keeps nothing while not live', async () => {
    const { cache, drain } = live();
    failures.length = 0;
    cache.latest('k', () => Promise.reject(new Error('database down')));
    await drain();
    expect(failures).toMatchObject([{ message: 'database down' }]);
    cache.latest('k', async () => 'up again');
    await drain();
    expect(cache.latest('k', async () => 'unused')).toBe('up again');
    cache.setLive(false);
    expect(cache.latest('k', async () => 'off')).toBeUndefined();
    await drain();
    expect(cache.latest('k', async () => 'off')).toBeUndefined();
  });
});

describe('product-list cache over HTTP, invalidated by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PRODUCT_CACHE: 'on' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  const titles = async (url: string) =>
    (await t.app.inject({ method: 'GET', url }))
      .json<{ products: { title: string }[] }>()
      .products.map((p) => p.title);

  it('empties when any connection writes a product, as another server process would', async () => {
    const cache = new ProductCache();
    const stop = await listenForProductWrites(t.database, cache);
    try {
      await cache.get('k', async () => 'cached');
      expect(cache.size).toBe(1);
      await insertProduct(t.db, { title: 'Written elsewhere' });
      await eventually(() => cache.size === 0);
    } finally {
      await stop();
    }
  });

  it('stays full through a stock-only write, which no cached reply depends on, and empties on any other', async () => {
    const p = await insertProduct(t.db, { title: 'Ikat Cotton Saree' });
    const other = await insertProduct(t.db, { title: 'Ikat Silk Saree' });
    let invalidations = 0;
    const cache = new (class extends ProductCache {
      override invalidate() {
        invalidations++;
        super.invalidate();
      }
    })();
    const stop = await listenForProductWrites(t.database, cache);
    try {
      invalidations = 0;
      await cache.get('k', async () => 'cached');
      await t.db
        .update(products)
        .set({ stock: sql`${products.stock} - 1` })
        .where(eq(products.id, p.id));
      await t.db.update(products).set({ title: 'Ikat Silk Saree, new' }).where(eq(products.id, other.id));
      // Notifications arrive in commit order: once the title's has, the stock's would have too.
      await eventually(() => invalidations > 0);
      expect(invalidations).toBe(1);
    } finally {
      await stop();
    }
  });

  it('shows the stock of this moment in a cached list page', async () => {
    const p = await insertProduct(t.db, { title: 'Paithani Silk Saree', stock: 9 });
    const stocks = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/products?search=paithani' }))
        .json<{ products: { stock: number }[] }>()
        .products.map((x) => x.stock);
    await eventually(async () => (await stocks()).length === 1);
    expect(await stocks()).toEqual([9]);
    await t.db.update(products).set({ stock: 4 }).where(eq(products.id, p.id));
    expect(await stocks()).toEqual([4]);
  });

  it('keeps a product’s body but reads its stock and deletion fresh on every detail (decision 023)', async () => {
    const p = await insertProduct(t.db, { title: 'Gadwal Silk Saree', stock: 7 });
    const detail = (url = `/api/products/${p.id}`) => t.app.inject({ method: 'GET', url });
    const first = (await detail()).json<{ title: string; stock: number }>();
    expect([first.title, first.stock]).toEqual(['Gadwal Silk Saree', 7]);
    // A checkout's decrement changes no cached body and empties nothing: the next reply has it.
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    const after = await detail();
    expect(after.json<{ stock: number }>().stock).toBe(2);
    // The reply is the whole product, field for field, as the database has it now.
    expect(after.json()).toMatchObject({ id: p.id, title: 'Gadwal Silk Saree', stock: 2, deleted: false, brand: p.brand });
    // Deleted in another process: gone for shoppers at once, before any notification.
    await t.db.update(products).set({ deleted: true }).where(eq(products.id, p.id));
    expect((await detail()).statusCode).toBe(404);
  });

  it('shows a price changed straight in the database in the detail once the notification arrives', async () => {
    const p = await insertProduct(t.db, { title: 'Venkatagiri Cotton Saree', price: 3000, discountPercentage: 0 });
    const price = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json<{ price: number }>().price;
    expect(await price()).toBe(3000);
    await t.db.update(products).set({ pricePaise: 350_000, discountedPricePaise: 350_000 }).where(eq(products.id, p.id));
    await eventually(async () => (await price()) === 3500);
  });

  it('shows a title changed straight in the database once the notification arrives', async () => {
    const p = await insertProduct(t.db, { title: 'Kanjivaram Silk Saree' });
    await eventually(async () => (await titles('/api/products')).includes('Kanjivaram Silk Saree'));
    await t.db.update(products).set({ title: 'Mysore Silk Saree' }).where(eq(products.id, p.id));
    await eventually(async () => (await titles('/api/products')).includes('Mysore Silk Saree'));
  });

  it('shows an admin edit on the very next request of the same process', async () => {
    const p = await insertProduct(t.db, { title: 'Chanderi Cotton Saree' });
    await eventually(async () => (await titles('/api/products?search=chanderi')).length === 1);
    const admin = await signedIn(t.app, t.db, 'admin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      headers: { cookie: admin.cookie },
      payload: { deleted: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await titles('/api/products?search=chanderi')).toEqual([]);
  });

  it('lists from the catalogue index once it has loaded, and leaves out a product deleted elsewhere once notified (decision 025)', async () => {
    const kept = await insertProduct(t.db, { title: 'Kota Doria साड़ी', price: 1500 });
    const gone = await insertProduct(t.db, { title: 'Kota Silk Saree', price: 900 });
    const list = async (url: string) => (await t.app.inject({ method: 'GET', url })).json<{ products: { id: number }[]; totalProducts: number }>();
    await eventually(() => catalogueIndex(t.db, t.app.productCache)?.size === 2);
    expect(await list('/api/products?search=KOTA&_sort=price&_order=asc')).toMatchObject({
      products: [{ id: gone.id }, { id: kept.id }],
      totalProducts: 2,
    });
    // A term the index leaves to the database is answered all the same.
    expect(await list(`/api/products?search=${encodeURIComponent('साड़ी')}`)).toMatchObject({ products: [{ id: kept.id }], totalProducts: 1 });
    await t.db.update(products).set({ deleted: true }).where(eq(products.id, gone.id));
    await eventually(() => catalogueIndex(t.db, t.app.productCache)?.size === 1);
    expect(await list('/api/products?search=kota')).toMatchObject({ products: [{ id: kept.id }], totalProducts: 1 });
  });

  it('stops suggesting a product another process soft-deleted', async () => {
    const p = await insertProduct(t.db, { title: 'Bandhani Dupatta', stock: 3 });
    const suggest = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/products/suggest?q=bandhani' })).json<
        { title: string }[]
      >();
    await eventually(async () => (await suggest()).length === 1);
    await t.db.update(products).set({ deleted: true }).where(eq(products.id, p.id));
    await eventually(async () => (await suggest()).length === 0);
  });
});
