import fc from 'fast-check';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListQuery } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct } from '../../../test/commerce.ts';
import {
  containsPattern,
  countLiveProducts,
  listShopperProductsJson,
  toProduct,
} from './products.queries.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { products } from './products.table.ts';

// The shopper's list reads its total from product_counts (kept by triggers) and its rows through
// the detail's batched statement (decision 021), or its page and total from the catalogue index
// (decision 025). Here all of them are held to the plain query they replace — filter, count and sort
// the products table itself — over random catalogues that random writes keep changing: inserts,
// edits of title, brand, category, rating, discount, deletion and stock, and deletes.

const TITLES = [
  'Silk Saree',
  'silk SAREE',
  'Cotton Kurti',
  'Banarasi 100% Silk',
  'Dupatta_with_zari',
  'Lehenga',
  'ÉLAN Kanchipuram साड़ी',
  'Tussar Silk (Bhagalpur)',
];
const BRANDS = ['Pochampally Looms', 'Silk Route', 'Chanderi Tales'];
const CATEGORIES = ['Silk Sarees', 'Cotton Sarees', 'Kurtis'];
const TERMS = ['silk', 'SAREE', 'i', '100%', '_with', 'route', 'tales', 'ees', 'none', 'a s', 'lan', 'élan', 'साड़ी', '(bh', 'k s', '\\'];

/** The list as the shop read it before: one statement over products for the page, one for the total. */
async function reference(t: TestApp, q: ProductListQuery) {
  const conditions: SQL[] = [eq(products.deleted, false)];
  if (q.category?.length) conditions.push(inArray(products.category, q.category));
  if (q.brand?.length) conditions.push(inArray(products.brand, q.brand));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      sql`(lower(${products.title}) like lower(${p}) or lower(${products.brand}) like lower(${p}) or lower(${products.category}) like lower(${p}))`,
    );
  }
  const column =
    q._sort === 'rating'
      ? products.rating
      : q._sort === 'price'
        ? products.pricePaise
        : q._sort === 'discountPercentage'
          ? products.discountPercentage
          : products.discountedPricePaise;
  const order = q._sort
    ? [q._order === 'desc' ? desc(column) : asc(column), asc(products.id)]
    : [asc(products.id)];
  const rows = await t.db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(q._per_page)
    .offset((q._page - 1) * q._per_page);
  const [total] = await t.db
    .select({ n: count() })
    .from(products)
    .where(and(...conditions));
  return { products: rows.map((r) => toProduct(r)), totalProducts: total!.n };
}

const write = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    title: fc.constantFrom(...TITLES),
    brand: fc.constantFrom(...BRANDS),
    category: fc.constantFrom(...CATEGORIES),
    price: fc.constantFrom(100, 999, 2499, 5000),
    deleted: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    title: fc.option(fc.constantFrom(...TITLES), { nil: undefined }),
    brand: fc.option(fc.constantFrom(...BRANDS), { nil: undefined }),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
    deleted: fc.option(fc.boolean(), { nil: undefined }),
    stock: fc.option(fc.nat(50), { nil: undefined }),
    // Few distinct values, so that sorts meet ties and the id must break them.
    rating: fc.option(fc.constantFrom(0, 3.5, 4.25, 5), { nil: undefined }),
    discountPercentage: fc.option(fc.constantFrom(0, 10, 12.5), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

const listQuery: fc.Arbitrary<ProductListQuery> = fc.record({
  category: fc.option(fc.subarray(CATEGORIES, { minLength: 1 }), { nil: undefined }),
  brand: fc.option(fc.subarray(BRANDS, { minLength: 1 }), { nil: undefined }),
  search: fc.option(fc.constantFrom(...TERMS), { nil: undefined }),
  _sort: fc.option(fc.constantFrom('rating', 'price', 'discountedPrice', 'discountPercentage'), { nil: undefined }),
  _order: fc.constantFrom('asc', 'desc'),
  _page: fc.integer({ min: 1, max: 3 }),
  _per_page: fc.constantFrom(1, 5, 12),
  admin: fc.constant('false'),
}) as fc.Arbitrary<ProductListQuery>;

describe('a shopper list read from product_counts and the batched rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages and counts exactly as the plain query over products, whatever was written before', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 25 }),
        fc.array(listQuery, { minLength: 1, maxLength: 8 }),
        async (writes, queries) => {
          await t.reset();
          const ids: number[] = [];
          for (const w of writes) {
            if (w.kind === 'insert') ids.push((await insertProduct(t.db, w)).id);
            else if (ids.length) {
              const id = ids[w.pick % ids.length]!;
              if (w.kind === 'delete') {
                await t.db.delete(products).where(eq(products.id, id));
                ids.splice(ids.indexOf(id), 1);
              } else {
                const { kind: _k, pick: _p, ...set } = w;
                const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
                if (Object.keys(changes).length)
                  await t.db.update(products).set(changes).where(eq(products.id, id));
              }
            }
          }
          const index = await CatalogueIndex.load(t.db);
          expect(index?.size).toBe(ids.length - (await t.db.$count(products, eq(products.deleted, true))));
          for (const q of queries) {
            const expected = await reference(t, q);
            // The index leaves only terms with other than printable ASCII to the database.
            expect(index!.answers(q)).toBe(!/[^\x20-\x7e]/.test(q.search ?? ''));
            if (index!.answers(q))
              expect(index!.list(q)).toEqual({ ids: expected.products.map((p) => p.id), total: expected.totalProducts });
            expect(JSON.parse(await listShopperProductsJson(t.db, q))).toEqual(
              JSON.parse(JSON.stringify(expected)),
            );
            expect(await countLiveProducts(t.db, q)).toBe(expected.totalProducts);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('counts a catalogue emptied by TRUNCATE as empty', async () => {
    await insertProduct(t.db, { title: 'Silk Saree' });
    await t.db.execute(sql`truncate products cascade`);
    expect(await countLiveProducts(t.db, {})).toBe(0);
    await insertProduct(t.db, { title: 'Silk Saree' });
    expect(await countLiveProducts(t.db, { search: 'silk' })).toBe(1);
  });
});
