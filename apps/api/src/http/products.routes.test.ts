import { asc, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct, shopper, type ProductFields } from '../../test/commerce.ts';
import { containsPattern, toProduct } from '../modules/products/products.queries.ts';
import { products } from '../modules/products/products.table.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
  user = (await shopper(t.db, 'user')).cookie;
});

const list = async (query: string, cookie?: string) => {
  const res = await t.app.inject({ url: `/api/products${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<ProductList>();
};
const titles = (l: ProductList) => l.products.map((p) => p.title);

async function product(fields: ProductFields & { rating?: number } = {}) {
  const row = await insertProduct(t.db, fields);
  if (fields.rating !== undefined)
    await t.db.update(products).set({ rating: fields.rating }).where(eq(products.id, row.id));
  return row;
}

/** A body the admin form would send (docs/product.md, Product form): three images followed by the thumbnail. */
const validBody = () => ({
  title: 'Kanjivaram Pure Silk Saree in Peacock Blue',
  description: 'Woven on pit looms in Kanchipuram with a contrast temple border.',
  brand: 'Kanchi Silk Weavers',
  category: 'Silk Sarees',
  price: 12_499,
  discountPercentage: 15,
  stock: 8,
  highlights: ['Pure mulberry silk', 'Temple border', '5.5 m with blouse piece', 'Dry clean only'],
  thumbnail: '/uploads/abc.webp',
  images: ['/uploads/a1.webp', '/uploads/a2.webp', 'https://cdn.example.com/a3.jpg', '/uploads/abc.webp'],
  colors: ['#0b5e73', '#a3122a'],
  sizes: [216, 240],
});

const post = (payload: unknown, cookie: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const patch = (id: number | string, payload: unknown, cookie: string | null = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/products', () => {
  it('lists products with prices in rupees, computed breadcrumbs and the total', async () => {
    const p = await product({
      title: 'Mysore Crepe Silk Saree',
      category: 'Silk Sarees',
      price: 2499,
      discountPercentage: 10,
    });
    const l = await list('');
    expect(l.totalProducts).toBe(1);
    expect(l.products[0]).toMatchObject({
      id: p.id,
      title: 'Mysore Crepe Silk Saree',
      price: 2499,
      discountPercentage: 10,
      // ₹2,499 less 10 % is ₹2,249.10, sold at a whole ₹2,249 (issue 15).
      discountedPrice: 2249,
      deleted: false,
      breadcrumbs: [
        { name: 'Home', href: '/' },
        { name: 'Silk Sarees', href: '/?category=Silk%20Sarees' },
        { name: 'Mysore Crepe Silk Saree', href: `/product-detail/${p.id}` },
      ],
    });
  });

  it('pages 12 at a time by default and counts every match, not just the page', async () => {
    for (let i = 0; i < 15; i++) await product({ title: `Saree ${String(i).padStart(2, '0')}` });
    const first = await list('');
    expect(first.products).toHaveLength(12);
    expect(first.totalProducts).toBe(15);
    const second = await list('?_page=2');
    expect(titles(second)).toEqual(['Saree 12', 'Saree 13', 'Saree 14']);
    const small = await list('?_page=3&_per_page=4');
    expect(titles(small)).toEqual(['Saree 08', 'Saree 09', 'Saree 10', 'Saree 11']);
    const beyond = await list('?_page=9&_per_page=4');
    expect(beyond).toEqual({ products: [], totalProducts: 15 });
  });

  it('filters with OR within a key and AND across keys', async () => {
    await product({ title: 'A', category: 'Silk Sarees', brand: 'Kanchi' });
    await product({ title: 'B', category: 'Cotton Sarees', brand: 'Kanchi' });
    await product({ title: 'C', category: 'Kurtis', brand: 'Kanchi' });
    await product({ title: 'D', category: 'Silk Sarees', brand: 'Mysuru' });
    expect(titles(await list('?category=Silk%20Sarees&category=Cotton%20Sarees'))).toEqual(['A', 'B', 'D']);
    expect(titles(await list('?category=Silk%20Sarees&brand=Kanchi'))).toEqual(['A']);
    const both = await list('?category=Silk%20Sarees&category=Kurtis&brand=Kanchi&brand=Mysuru');
    expect(titles(both)).toEqual(['A', 'C', 'D']);
    expect(both.totalProducts).toBe(3);
  });

  it('searches title, brand and category case-insensitively, taking % and _ literally', async () => {
    await product({
      title: 'Banarasi Katan Silk Saree',
      brand: 'Varanasi Zari House',
      category: 'Banarasi Sarees',
    });
    await product({ title: 'Chikankari Kurti', brand: 'Lucknow Threads', category: 'Kurtis' });
    await product({ title: 'Bandhani Dupatta', brand: 'Rangrez Jaipur', category: 'Dupattas' });
    await product({ title: '100% Cotton Saree', brand: 'Tant_Ghar', category: 'Cotton Sarees' });
    expect(titles(await list('?search=KATAN'))).toEqual(['Banarasi Katan Silk Saree']);
    expect(titles(await list('?search=jaipur'))).toEqual(['Bandhani Dupatta']);
    expect(titles(await list('?search=kurtis'))).toEqual(['Chikankari Kurti']);
    expect(titles(await list('?search=ban'))).toEqual(['Banarasi Katan Silk Saree', 'Bandhani Dupatta']);
    expect(titles(await list('?search=%25'))).toEqual(['100% Cotton Saree']);
    expect(titles(await list('?search=t_g'))).toEqual(['100% Cotton Saree']);
    expect(titles(await list('?search=ta_t'))).toEqual([]);
    const none = await list('?search=velvet');
    expect(none).toEqual({ products: [], totalProducts: 0 });
    expect((await list('?search=%20%20')).totalProducts).toBe(4);
  });

  it('sorts by rating, price and discounted price in either direction, ties broken by id', async () => {
    const a = await product({ title: 'A', price: 1000, discountPercentage: 0, rating: 4.5 });
    const b = await product({ title: 'B', price: 2000, discountPercentage: 60, rating: 3.9 });
    const c = await product({ title: 'C', price: 1500, discountPercentage: 10, rating: 4.5 });
    expect(titles(await list('?_sort=rating&_order=desc'))).toEqual(['A', 'C', 'B']);
    expect(titles(await list('?_sort=price&_order=asc'))).toEqual(['A', 'C', 'B']);
    expect(titles(await list('?_sort=price&_order=desc'))).toEqual(['B', 'C', 'A']);
    expect(titles(await list('?_sort=discountedPrice&_order=asc'))).toEqual(['B', 'A', 'C']);
    expect(titles(await list('?_sort=discountedPrice'))).toEqual(['B', 'A', 'C']);
    expect((await list('?_sort=rating&_order=desc')).products.map((p) => p.id)).toEqual([a.id, c.id, b.id]);
  });

  it('sorts by title and stock for admins only, and ignores those sorts otherwise', async () => {
    await product({ title: 'Zari Saree', stock: 1 });
    await product({ title: 'Anarkali Kurti', stock: 30 });
    await product({ title: 'Mirror Lehenga', stock: 5 });
    expect(titles(await list('?_sort=title&_order=asc', admin))).toEqual([
      'Anarkali Kurti',
      'Mirror Lehenga',
      'Zari Saree',
    ]);
    expect(titles(await list('?_sort=stock&_order=desc', admin))).toEqual([
      'Anarkali Kurti',
      'Mirror Lehenga',
      'Zari Saree',
    ]);
    expect(titles(await list('?_sort=title&_order=asc', user))).toEqual([
      'Zari Saree',
      'Anarkali Kurti',
      'Mirror Lehenga',
    ]);
    expect(titles(await list('?_sort=stock&_order=desc'))).toEqual([
      'Zari Saree',
      'Anarkali Kurti',
      'Mirror Lehenga',
    ]);
  });

  it('includes deleted products only when an admin asks with admin=true', async () => {
    await product({ title: 'Live' });
    await product({ title: 'Gone', deleted: true });
    expect(titles(await list('?admin=true', admin))).toEqual(['Live', 'Gone']);
    expect((await list('?admin=true', admin)).totalProducts).toBe(2);
    expect(titles(await list('?admin=false', admin))).toEqual(['Live']);
    expect(titles(await list('', admin))).toEqual(['Live']);
    expect(titles(await list('?admin=true', user))).toEqual(['Live']);
    expect(titles(await list('?admin=true'))).toEqual(['Live']);
    expect((await list('?admin=true', user)).totalProducts).toBe(1);
  });

  it('ignores a trailing &, unknown keys and unknown sorts', async () => {
    await product({ title: 'A' });
    await product({ title: 'B' });
    expect(titles(await list('?_page=1&_per_page=12&'))).toEqual(['A', 'B']);
    expect(titles(await list('?colour=red&_sort=popularity&_order=sideways&admin=maybe'))).toEqual([
      'A',
      'B',
    ]);
  });

  it('answers bad paging values with 400 and a message, never a 500', async () => {
    for (const q of [
      '_page=0',
      '_page=-1',
      '_page=abc',
      '_per_page=0',
      '_per_page=1001',
      '_per_page=2.5',
      '_page=1&_page=2',
      'search=x&search=y',
    ]) {
      const res = await t.app.inject(`/api/products?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await t.app.inject(`/api/products?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await list('?_per_page=1000')).products).toEqual([]);
  });
});

describe('GET /api/products/:id', () => {
  it('replies with the product', async () => {
    const p = await product({ title: 'Arani Silk Saree' });
    const res = await t.app.inject(`/api/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      id: p.id,
      title: 'Arani Silk Saree',
      highlights: expect.any(Array),
    });
  });

  it('replies with exactly the product the row makes, though the database writes the JSON', async () => {
    // Text JSON must escape, numbers whose digits JavaScript and PostgreSQL must print alike.
    const awkward = [
      'Quote " back\\slash',
      'Tab\tnew\nline \u0001',
      'हथकरघा साड़ी 🌸',
      'Saree & <b>Co</b> 100% ?a=1#x',
      "it's",
    ];
    const rows = [];
    for (let i = 0; i < 40; i++) {
      const pricePaise = 1 + Math.floor(Math.random() * 99_999_999);
      const [row] = await t.db
        .insert(products)
        .values({
          title: awkward[i % awkward.length]!,
          description: `${awkward[(i + 1) % awkward.length]} — ${i}`,
          brand: awkward[(i + 2) % awkward.length]!,
          category: awkward[(i + 3) % awkward.length]!,
          pricePaise,
          discountPercentage: i % 3 === 0 ? 0 : Math.random() * 100,
          discountedPricePaise: Math.floor(pricePaise * Math.random()),
          rating: i % 4 === 0 ? 0 : Math.random() * 5,
          stock: i,
          thumbnail: `/uploads/${i}.webp`,
          images: i % 5 === 0 ? [] : [`/uploads/${i}.webp`, 'https://example.com/a "b".jpg'],
          colors: ['#aa2233'],
          sizes: i % 2 ? [] : [42, 44.5],
          highlights: [awkward[i % awkward.length]!, ''],
          hsn: i % 2 ? '62114290' : null,
          gstRatePercent: i % 3 ? null : [0, 5, 12, 18, 28][i % 5]!,
          countryOfOrigin: awkward[(i + 4) % awkward.length]!,
          deleted: i % 7 === 0,
        })
        .returning();
      rows.push(row!);
    }
    for (const row of rows) {
      const res = await t.app.inject({ url: `/api/products/${row.id}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toStrictEqual({ ...toProduct(row), sizeChart: null, packer: expect.any(String), lowStockThreshold: expect.any(Number) });
    }
  });

  it('answers products asked for at the same moment each with its own, read together', async () => {
    const live = await Promise.all(Array.from({ length: 11 }, (_, i) => product({ title: `Saree ${i}` })));
    const gone = await product({ title: 'Gone', deleted: true });
    const ids = [...live.map((p) => String(p.id)), String(gone.id), '999999', 'abc', String(live[0]!.id)];
    const replies = await Promise.all(ids.map((id) => t.app.inject(`/api/products/${id}`)));
    expect(replies.map((r) => r.statusCode)).toEqual([...live.map(() => 200), 404, 404, 400, 200]);
    expect(replies.map((r) => (r.statusCode === 200 ? r.json<Product>().title : r.json().message))).toEqual([
      ...live.map((_, i) => `Saree ${i}`),
      'Product not found',
      'Product not found',
      'Product not found',
      'Saree 0',
    ]);
  });

  it('answers an unknown id with 404 Product not found', async () => {
    const res = await t.app.inject('/api/products/999999');
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Product not found' }]);
  });

  it('answers every id not written as a canonical positive integer with 400, not as the number it resembles', async () => {
    const p = await product({ title: 'Three' });
    expect(p.id).toBeLessThan(10);
    // Issue 12: 0x3, 1e3, " 3", +3 and 3.0 were all read as numbers.
    for (const id of [
      `0x${p.id}`,
      `${p.id}e0`,
      `%20${p.id}`,
      `+${p.id}`,
      `${p.id}.0`,
      `0${p.id}`,
      '0',
      'abc',
      '12abc',
      '-1',
      '1.5',
      '2147483648',
      '99999999999999999999',
    ]) {
      const res = await t.app.inject(`/api/products/${id}`);
      expect([res.statusCode, res.json()], id).toEqual([400, { message: 'Product not found' }]);
    }
  });

  it('hides a deleted product from shoppers and visitors but not from admins', async () => {
    const p = await product({ deleted: true });
    expect((await t.app.inject({ url: `/api/products/${p.id}`, headers: { cookie: user } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ url: `/api/products/${p.id}`, headers: { cookie: admin } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().deleted).toBe(true);
  });
});

describe('POST /api/products', () => {
  it('creates a product for an admin: 201, server-side discountedPrice, rating 0', async () => {
    const res = await post({ ...validBody(), rating: 4.9, discountedPrice: 1, id: 777 });
    expect(res.statusCode).toBe(201);
    const created = res.json<Product>();
    expect(created).toMatchObject({ ...validBody(), rating: 0, discountedPrice: 10_624, deleted: false });
    expect(created.id).not.toBe(777);
    expect(created.breadcrumbs[2]).toEqual({
      name: validBody().title,
      href: `/product-detail/${created.id}`,
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ pricePaise: 1_249_900, discountedPricePaise: 1_062_400 });
    expect((await t.app.inject(`/api/products/${created.id}`)).json()).toEqual({ ...created, sizeChart: null, packer: expect.any(String), lowStockThreshold: expect.any(Number) });
  });

  it('accepts numbers sent as text, as a form converts them', async () => {
    const res = await post({ ...validBody(), price: '999', discountPercentage: '0', stock: '3' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 999, discountPercentage: 0, discountedPrice: 999, stock: 3 });
  });

  it('refuses visitors with 401 and shoppers with 403, changing nothing', async () => {
    expect((await post(validBody(), null)).statusCode).toBe(401);
    const asUser = await post(validBody(), user);
    expect(asUser.statusCode).toBe(403);
    expect(await t.db.$count(products)).toBe(0);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['title', { title: undefined }, 'Name is required'],
    ['blank title', { title: '   ' }, 'Name is required'],
    ['description', { description: '' }, 'Description is required'],
    ['brand', { brand: undefined }, 'Brand is required'],
    ['category', { category: '' }, 'Category is required'],
    ['price', { price: '' }, 'Price is required'],
    ['missing price', { price: undefined }, 'Price is required'],
    ['price below 1', { price: 0 }, 'Price must be at least 1'],
    ['discount', { discountPercentage: '' }, 'Discount is required'],
    ['discount above 100', { discountPercentage: 101 }, 'Discount must be between 0 and 100'],
    ['stock', { stock: undefined }, 'Stock is required'],
    ['stock below 1', { stock: 0 }, 'Stock must be at least 1'],
    ['a highlight', { highlights: ['Pure silk', '', 'Blouse piece', 'Dry clean'] }, 'Highlight is required'],
    ['thumbnail', { thumbnail: '' }, 'Thumbnail is required'],
    ['an image', { images: ['/uploads/a.webp', '', '/uploads/c.webp'] }, 'Image is required'],
    ['a script URL', { thumbnail: 'javascript:alert(1)' }, 'Thumbnail is not a valid image URL'],
    ['colours and sizes', { colors: [], sizes: [] }, 'Add at least one color and size'],
    ['colours', { colors: [] }, 'Add at least one color'],
    ['sizes', { sizes: [] }, 'Add at least one size'],
  ];
  it.each(cases)('rejects a body without %s: 400 with the form message', async (_name, change, message) => {
    const res = await post({ ...validBody(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.$count(products)).toBe(0);
  });

  it('keeps the tax data an admin gives, and without it the category’s rule, made in India', async () => {
    const own = await post({ ...validBody(), hsn: ' 50072010 ', gstRatePercent: '12', countryOfOrigin: 'Bangladesh' });
    expect(own.json()).toMatchObject({ hsn: '50072010', gstRatePercent: 12, countryOfOrigin: 'Bangladesh' });
    const none = await post({ ...validBody(), title: 'Plain' });
    expect(none.json()).toMatchObject({ hsn: null, gstRatePercent: null, countryOfOrigin: 'India' });
    const emptied = await post({ ...validBody(), title: 'Emptied', hsn: '', gstRatePercent: '' });
    expect(emptied.json()).toMatchObject({ hsn: null, gstRatePercent: null });
    expect((await t.app.inject(`/api/products/${own.json<Product>().id}`)).json()).toEqual({ ...own.json<Product>(), sizeChart: null, packer: expect.any(String), lowStockThreshold: expect.any(Number) });
  });

  it.each([
    [{ hsn: '500' }, 'HSN code is 4 to 8 digits'],
    [{ hsn: '5007A' }, 'HSN code is 4 to 8 digits'],
    [{ hsn: '500720101' }, 'HSN code is 4 to 8 digits'],
    [{ gstRatePercent: 7 }, 'GST rate is one of 0, 5, 12, 18, 28 %'],
    [{ gstRatePercent: '18.5' }, 'GST rate is one of 0, 5, 12, 18, 28 %'],
    [{ countryOfOrigin: '  ' }, 'Country of origin is required'],
  ])('refuses tax data %j with its message', async (change, message) => {
    const res = await post({ ...validBody(), ...change });
    expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    expect(await t.db.$count(products)).toBe(0);
  });

  it('takes any brand and category text: they are the options’ values', async () => {
    const res = await post({ ...validBody(), brand: 'A New Weaver', category: 'Shawls' });
    expect(res.statusCode).toBe(201);
    expect(titles(await list('?category=Shawls&brand=A%20New%20Weaver'))).toEqual([validBody().title]);
  });
});

describe('PATCH /api/products/:id', () => {
  it('updates fields, keeps the rating, recomputes discountedPrice and bumps updatedAt', async () => {
    const p = await product({ price: 2000, discountPercentage: 10, rating: 4.6 });
    const res = await patch(p.id, { ...validBody(), id: p.id, rating: 1, price: 3000, discountedPrice: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: p.id,
      title: validBody().title,
      rating: 4.6,
      price: 3000,
      discountPercentage: 15,
      discountedPrice: 2550,
    });
    const discountOnly = await patch(p.id, { discountPercentage: 50 });
    expect(discountOnly.json()).toMatchObject({ price: 3000, discountedPrice: 1500, rating: 4.6 });
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(p.updatedAt.getTime());
  });

  it('sets and clears a product’s own HSN and rate', async () => {
    const p = await product();
    expect((await patch(p.id, { hsn: '5208', gstRatePercent: 5 })).json()).toMatchObject({ hsn: '5208', gstRatePercent: 5, countryOfOrigin: 'India' });
    expect((await patch(p.id, { hsn: null, gstRatePercent: '' })).json()).toMatchObject({ hsn: null, gstRatePercent: null });
  });

  it('soft-deletes with { deleted: true }: the row stays, shoppers no longer see it', async () => {
    const p = await product({ title: 'To delete' });
    const res = await patch(p.id, { deleted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, title: 'To delete', deleted: true });
    expect(await t.db.$count(products)).toBe(1);
    expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(404);
    expect(titles(await list('?admin=true', admin))).toEqual(['To delete']);
    expect(titles(await list(''))).toEqual([]);
  });

  it('validates with the same messages and changes nothing on a bad body', async () => {
    const p = await product({ title: 'Unchanged' });
    for (const [change, message] of [
      [{ title: '' }, 'Name is required'],
      [{ price: 0 }, 'Price must be at least 1'],
      [{ colors: [] }, 'Add at least one color'],
    ] as const) {
      const res = await patch(p.id, change);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await t.app.inject(`/api/products/${p.id}`)).json().title).toBe('Unchanged');
  });

  it('answers 404 for unknown ids, 401 for visitors and 403 for shoppers', async () => {
    const p = await product({ title: 'Kept' });
    expect((await patch(999_999, { title: 'X' })).json()).toEqual({ message: 'Product not found' });
    expect((await patch('abc', { title: 'X' })).statusCode).toBe(400);
    expect((await patch(p.id, { title: 'X' }, null)).statusCode).toBe(401);
    expect((await patch(p.id, { deleted: true }, user)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/products/${p.id}`)).json()).toMatchObject({
      title: 'Kept',
      deleted: false,
    });
  });
});

describe('GET /api/products/suggest', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject(`/api/products/suggest?${q}`);
    expect(res.statusCode).toBe(200);
    return res.json<
      {
        id: number;
        title: string;
        brand: string;
        category: string;
        thumbnail: string;
        discountedPrice: number;
      }[]
    >();
  };

  it('replies with at most 5 matches, the small shape, prices in rupees', async () => {
    for (let i = 0; i < 7; i++)
      await product({ title: `Silk Saree ${i}`, price: 1000, discountPercentage: 10 });
    const found = await suggest('q=silk');
    expect(found).toHaveLength(5);
    expect(Object.keys(found[0]!).sort()).toEqual([
      'brand',
      'category',
      'discountedPrice',
      'id',
      'thumbnail',
      'title',
    ]);
    expect(found[0]!.discountedPrice).toBe(900);
    expect(await suggest('q=silk&limit=20')).toHaveLength(7);
  });

  it('matches brand and category too, title matches first, then the best rated', async () => {
    await product({ title: 'Zari Kurti', brand: 'Gulabo', category: 'Kurtis', rating: 3.6 });
    await product({ title: 'Angrakha', brand: 'Sanganer', category: 'Kurtis', rating: 4.8 });
    await product({ title: 'Leheriya Dupatta', brand: 'Kurti Corner', category: 'Dupattas', rating: 4.1 });
    await product({ title: 'Silk Saree', brand: 'Kanchi', category: 'Silk Sarees', rating: 5 });
    expect((await suggest('q=KURTI')).map((s) => s.title)).toEqual([
      'Zari Kurti',
      'Angrakha',
      'Leheriya Dupatta',
    ]);
  });

  it('leaves deleted products out', async () => {
    await product({ title: 'Silk Saree', deleted: true });
    expect(await suggest('q=silk')).toEqual([]);
  });

  it('replies [] for empty or whitespace text and for no match', async () => {
    await product({ title: 'Silk Saree' });
    expect(await suggest('q=')).toEqual([]);
    expect(await suggest('q=%20%20%20')).toEqual([]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('q=velvet')).toEqual([]);
  });

  it('refuses a limit above 20 with 400', async () => {
    expect((await t.app.inject('/api/products/suggest?q=a&limit=21')).statusCode).toBe(400);
  });
});

describe('search and the trigram indexes', () => {
  it('matches with lower(col) LIKE lower(pattern), a shape the GIN trigram indexes on lower(title|brand|category) serve', async () => {
    await product({ title: 'Banarasi Katan Silk Saree' });
    const pattern = containsPattern('Katan');
    const search = t.db
      .select({ id: products.id })
      .from(products)
      .where(
        or(
          ...[products.title, products.brand, products.category].map(
            (c) => sql`lower(${c}) like lower(${pattern})`,
          ),
        ),
      )
      .orderBy(asc(products.id));
    // The table is tiny, so sequential and plain index scans are ruled out to ask whether the
    // trigram indexes apply to this shape at all (ILIKE on the raw column would not).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const res = (await tx.execute(sql`explain ${search}`)) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    for (const index of ['products_title_trgm_idx', 'products_brand_trgm_idx', 'products_category_trgm_idx'])
      expect(plan).toContain(index);
    expect(await search).toHaveLength(1);
  });
});

describe('Special Offers (issue 17)', () => {
  it('lists live products by discount, largest first, ties by id, for anyone', async () => {
    const made = [];
    for (const d of [10, 45, 0, 45, 70]) made.push(await insertProduct(t.db, { discountPercentage: d }));
    await insertProduct(t.db, { discountPercentage: 90, deleted: true });
    const res = await t.app.inject('/api/products?_sort=discountPercentage&_order=desc');
    expect(res.statusCode).toBe(200);
    const ids = res.json<ProductList>().products.map((p) => p.id);
    expect(ids).toEqual([made[4]!.id, made[1]!.id, made[3]!.id, made[0]!.id, made[2]!.id]);
  });
});
