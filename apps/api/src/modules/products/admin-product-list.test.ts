import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTable } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, shopper } from '../../../test/commerce.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await shopper(t.db, 'admin')).cookie;
  await insertProduct(t.db, {
    title: 'Mysore Silk',
    brand: 'Karnataka Looms',
    stock: 40,
    price: 5000,
    discountPercentage: 20,
  });
  await insertProduct(t.db, { title: 'Chanderi Cotton', brand: 'Chanderi Weavers', stock: 5 });
  await insertProduct(t.db, { title: 'Kota Doria', brand: 'Rajasthan Crafts', stock: 0 });
  await insertProduct(t.db, { title: 'Old Tussar', brand: 'Bhagalpur Silk', stock: 2, deleted: true });
  await insertProduct(t.db, { title: 'Paithani', brand: 'Yeola Silk', stock: 6 });
});
afterAll(() => t.close());

const table = async (query = '') => {
  const res = await t.app.inject({ url: `/api/products/admin?${query}`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductTable>();
};
const titles = (r: ProductTable) => r.products.map((p) => p.title);

describe('the admin product table', () => {
  it('lists every product, deleted ones too, by stock ascending, with price, discount and the threshold', async () => {
    const r = await table();
    expect(titles(r)).toEqual(['Kota Doria', 'Old Tussar', 'Chanderi Cotton', 'Paithani', 'Mysore Silk']);
    expect(r.totalProducts).toBe(5);
    expect(r.lowStockThreshold).toBe(5);
    expect(r.products.at(-1)).toMatchObject({
      price: 5000,
      discountPercentage: 20,
      discountedPrice: 4000,
      stock: 40,
      deleted: false,
    });
  });

  it('filters by state: deleted, out of stock, low stock (1 to the threshold, on sale) and live', async () => {
    expect(titles(await table('state=deleted'))).toEqual(['Old Tussar']);
    expect(titles(await table('state=outOfStock'))).toEqual(['Kota Doria']);
    expect(titles(await table('state=lowStock'))).toEqual(['Chanderi Cotton']);
    expect(titles(await table('state=live'))).toEqual([
      'Kota Doria',
      'Chanderi Cotton',
      'Paithani',
      'Mysore Silk',
    ]);
  });

  it('counts low stock by the threshold the admin set in Shop Settings', async () => {
    const settings = (await t.app.inject({ url: '/api/settings/admin', headers: { cookie: admin } })).json<object>();
    const put = (lowStockThreshold: number) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: admin }, payload: { ...settings, lowStockThreshold } });
    expect((await put(6)).statusCode).toBe(200);
    try {
      const r = await table('state=lowStock');
      expect([r.lowStockThreshold, titles(r)]).toEqual([6, ['Chanderi Cotton', 'Paithani']]);
    } finally {
      await put(5);
    }
  });

  it('searches title or brand, sorts by stock descending and pages', async () => {
    expect(titles(await table('search=SILK'))).toEqual(['Old Tussar', 'Paithani', 'Mysore Silk']);
    expect(titles(await table('search=silk&state=live&_order=desc'))).toEqual(['Mysore Silk', 'Paithani']);
    const page = await table('_sort=stock&_order=desc&_per_page=2&_page=2');
    expect([titles(page), page.totalProducts]).toEqual([['Chanderi Cotton', 'Old Tussar'], 5]);
  });

  it('refuses a bad state, sort or page with 400 and is for admins only', async () => {
    for (const [q, message] of [
      ['state=gone', 'Invalid state'],
      ['_sort=rating', 'Invalid sort'],
      ['_page=0', 'Invalid page'],
    ]) {
      const res = await t.app.inject({ url: `/api/products/admin?${q}`, headers: { cookie: admin } });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    const user = await shopper(t.db);
    expect(
      (await t.app.inject({ url: '/api/products/admin', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
  });
});
