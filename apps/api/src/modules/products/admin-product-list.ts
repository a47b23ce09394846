import { and, asc, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAX_PER_PAGE,
  pageParam,
  paiseToRupees,
  type ProductTable,
  type ProductTableRow,
} from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { products, productSummaryColumns } from './products.table.ts';
import { containsPattern } from './products.queries.ts';
import { loadVariants, toVariant } from './variants.ts';

const PRODUCT_STATES = ['live', 'deleted', 'outOfStock', 'lowStock'] as const;

export const productTableQuerySchema = z.object({
  search: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(100, 'Search is too long').optional(),
  ),
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PRODUCT_STATES, { error: 'Invalid state' }).optional(),
  ),
  _sort: z
    .enum(['stock', 'title', 'price', 'discountPercentage'], { error: 'Invalid sort' })
    .default('stock'),
  _order: z.enum(['asc', 'desc'], { error: 'Invalid order' }).default('asc'),
  _page: pageParam(1, 100_000, 'Invalid page'),
  _per_page: pageParam(25, MAX_PER_PAGE, 'Invalid page size'),
});
export type ProductTableQuery = z.infer<typeof productTableQuerySchema>;

const SORTS = {
  stock: products.stock,
  title: products.title,
  price: products.pricePaise,
  discountPercentage: products.discountPercentage,
} as const;

/** Low stock is 1…threshold left: none left is out of stock. */
function stateCondition(state: (typeof PRODUCT_STATES)[number], threshold: number): SQL {
  const live = eq(products.deleted, false);
  if (state === 'deleted') return eq(products.deleted, true);
  if (state === 'outOfStock') return and(live, eq(products.stock, 0))!;
  if (state === 'lowStock') return and(live, gt(products.stock, 0), lte(products.stock, threshold))!;
  return live;
}

export async function listProductTable(
  db: DbOrTx,
  q: ProductTableQuery,
  threshold: number,
): Promise<ProductTable> {
  const where: SQL[] = [];
  const term = q.search?.trim();
  if (term) {
    const p = containsPattern(term);
    where.push(
      or(sql`lower(${products.title}) like lower(${p})`, sql`lower(${products.brand}) like lower(${p})`)!,
    );
  }
  if (q.state) where.push(stateCondition(q.state, threshold));
  const dir = q._order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...productSummaryColumns, stock: products.stock, deleted: products.deleted })
      .from(products)
      .where(and(...where))
      .orderBy(dir(SORTS[q._sort]), asc(products.id))
      .limit(q._per_page)
      .offset((q._page - 1) * q._per_page),
    db
      .select({ n: count() })
      .from(products)
      .where(and(...where)),
  ]);
  const variants = await loadVariants(db, rows.map((r) => r.id));
  return {
    products: rows.map(({ pricePaise, discountedPricePaise, ...r }): ProductTableRow => ({
      ...r,
      price: paiseToRupees(pricePaise),
      discountedPrice: paiseToRupees(discountedPricePaise),
      variants: (variants.get(r.id) ?? []).map((v) => toVariant(v, { pricePaise, discountPercentage: r.discountPercentage })),
    })),
    totalProducts: total?.n ?? 0,
    lowStockThreshold: threshold,
  };
}
