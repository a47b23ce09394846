import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProducts } from '../src/db/seed/index.ts';
import { migrate, openDatabase, type Database } from '../src/db/client.ts';
import { products, productVariants } from '../src/modules/products/products.table.ts';
import { BENCH_SEED, loadCatalogue, raw, stockHotProducts } from './load.ts';

describe('the benchmark catalogue, loaded in bulk', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrate(database);
    await loadCatalogue(database, 120, 40, 7, 3);
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores exactly the rows the demo seed generator makes, in order', async () => {
    const rows = await database.db.select().from(products).orderBy(asc(products.id));
    const expected = generateProducts(120, BENCH_SEED);
    expect(rows).toHaveLength(120);
    rows.forEach((row, k) => {
      const { variants: _, ...product } = expected[k]!;
      expect(row).toMatchObject(product);
    });
    // Kurtis and dupattas with their variants, each product's stock their sum.
    const variants = await database.db.select().from(productVariants).orderBy(asc(productVariants.productId), asc(productVariants.position));
    expect(variants.map(({ productId, color, size, sku, stock }) => ({ productId, color, size, sku, stock }))).toEqual(
      expected.flatMap((p, k) => p.variants.map(({ color, size, sku, stock }) => ({ productId: k + 1, color, size, sku, stock }))),
    );
    expect(variants.length).toBeGreaterThan(0);
  });

  it('makes past orders whose totals are the sum of their lines, spread over the shoppers', async () => {
    const { rows } = await raw(database).query<{ orders: number; users: number; wrong: number }>(
      `select count(*)::int as orders, count(distinct o.user_id)::int as users,
              count(*) filter (where o.total_amount_paise <> s.amount or o.total_items <> s.items)::int as wrong
       from orders o join (select order_id, sum(unit_price_paise * quantity) as amount, sum(quantity) as items
                           from order_items group by order_id) s on s.order_id = o.id`,
    );
    expect(rows[0]).toEqual({ orders: 40, users: 7, wrong: 0 });
  });

  it('stocks the checkout products deeply and reports a colour and size each really has', async () => {
    const hot = await stockHotProducts(database, 120);
    expect(hot.length).toBeGreaterThan(0);
    for (const p of hot) {
      const { rows } = await raw(database).query<{ colors: string[]; sizes: number[]; stock: number }>(
        'select colors, sizes, stock from products where id = $1',
        [p.id],
      );
      expect(rows[0]!.colors).toContain(p.color);
      expect(rows[0]!.sizes).toContain(p.size);
      expect(rows[0]!.stock).toBe(p.stock);
      // Bought per variant: the first colour's smallest size, stocked deep.
      const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.id, p.variantId));
      expect(variant).toMatchObject({ productId: p.id, color: p.color, stock: p.variantStock });
      expect(p.variantStock).toBeGreaterThanOrEqual(1_000_000);
    }
  });
});
