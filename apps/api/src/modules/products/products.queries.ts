import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  EMPTY_DETAILS,
  ITEMS_PER_PAGE,
  paiseToRupees,
  type ProductSale,
  type Product,
  type ProductList,
  type ProductFacets,
  type ProductListQuery,
  type ProductSuggestion,
  worksInAdmin,
} from '@shop/shared';
import { perDatabase, type Db } from '../../db/client.ts';
import { batchLoader, type BatchLoader } from '../../lib/batch.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../types.ts';
import { productCounts, products, productSummaryColumns, productVariants, sizeCharts } from './products.table.ts';
import type { CacheRegion } from './product-cache.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { toVariant, type VariantRow, loadVariants } from './variants.ts';

export type ProductRecord = typeof products.$inferSelect;

export const PRODUCT_NOT_FOUND = 'Product not found';

export function toProduct(row: ProductRecord, variants: VariantRow[] = []): Product {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    brand: row.brand,
    category: row.category,
    price: paiseToRupees(row.pricePaise),
    discountPercentage: row.discountPercentage,
    discountedPrice: paiseToRupees(row.discountedPricePaise),
    rating: row.rating,
    reviewCount: row.reviewCount,
    stock: row.stock,
    thumbnail: row.thumbnail,
    images: row.images,
    colors: row.colors,
    sizes: row.sizes,
    highlights: row.highlights,
    hsn: row.hsn,
    gstRatePercent: row.gstRatePercent,
    countryOfOrigin: row.countryOfOrigin,
    breadcrumbs: breadcrumbsOf(row),
    deleted: row.deleted,
    variants: variants.map((v) => toVariant(v, row)),
    sizeLabels: row.sizeLabels,
    sizeUnit: row.sizeUnit,
    colorImages: row.colorImages,
    details: { ...EMPTY_DETAILS, ...row.details },
    weightGrams: row.weightGrams,
    packageCm: row.packageCm,
    returnable: row.returnable,
  };
}

function breadcrumbsOf(row: Pick<ProductRecord, 'id' | 'title' | 'category'>): Product['breadcrumbs'] {
  return [
    { name: 'Home', href: '/' },
    { name: row.category, href: `/?category=${encodeURIComponent(row.category)}` },
    { name: row.title, href: `/product-detail/${row.id}` },
  ];
}

const isAdmin = (user: SessionUser | null) => worksInAdmin(user?.role);

export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(col) LIKE lower(pattern), so the trigram indexes serve it (docs/style.md, Known traps). */
function matching(pattern: string, t: { title: AnyColumn; brand: AnyColumn; category: AnyColumn } = products): SQL {
  return or(
    sql`lower(${t.title}) like lower(${pattern})`,
    sql`lower(${t.brand}) like lower(${pattern})`,
    sql`lower(${t.category}) like lower(${pattern})`,
  )!;
}

/** The key written into the statement, not bound: the expression indexes of migration 0020 match only that. */
const detail = (key: 'fabric' | 'occasion') => sql<string>`(${products.details}->>${sql.raw(`'${key}'`)})`;

function detailConditions(query: Pick<ProductListQuery, 'fabric' | 'occasion'>): SQL[] {
  const conditions: SQL[] = [];
  for (const key of ['fabric', 'occasion'] as const) {
    const wanted = query[key]?.map((v) => v.toLowerCase());
    if (wanted?.length) conditions.push(sql`lower(${detail(key)}) in (${sql.join(wanted.map((w) => sql`${w}`), sql`, `)})`);
  }
  return conditions;
}

const SORT_COLUMNS = {
  rating: products.rating,
  price: products.pricePaise,
  discountedPrice: products.discountedPricePaise,
  discountPercentage: products.discountPercentage,
  title: products.title,
  stock: products.stock,
} as const;
const ADMIN_ONLY_SORTS = new Set(['title', 'stock']);

function orderBy(query: ProductListQuery, admin: boolean): SQL[] {
  const key = query._sort && (admin || !ADMIN_ONLY_SORTS.has(query._sort)) ? query._sort : undefined;
  // The id breaks ties so that pages never overlap or skip a product.
  if (!key) return [asc(products.id)];
  const column = SORT_COLUMNS[key];
  return [query._order === 'desc' ? desc(column) : asc(column), asc(products.id)];
}

export async function listProducts(
  db: Db,
  query: ProductListQuery,
  user: SessionUser | null,
): Promise<ProductList> {
  const admin = isAdmin(user);
  const conditions: SQL[] = [];
  // docs/product.md, Roles: the admin flag is honoured only for an admin's session.
  if (!(admin && query.admin === 'true')) conditions.push(eq(products.deleted, false));
  if (query.category?.length) conditions.push(inArray(products.category, query.category));
  if (query.brand?.length) conditions.push(inArray(products.brand, query.brand));
  const term = query.search?.trim();
  if (term) conditions.push(matching(containsPattern(term)));
  conditions.push(...detailConditions(query));
  const where = conditions.length ? and(...conditions) : undefined;
  const perPage = query._per_page;
  const order = orderBy(query, admin);
  // The page's ids first, from an index alone: sorting whole rows to keep twelve would read the table.
  const page = db
    .select({ pageId: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((query._page - 1) * perPage)
    .as('page');
  const [rows, totals] = await Promise.all([
    db
      .select(getTableColumns(products))
      .from(products)
      .innerJoin(page, eq(page.pageId, products.id))
      .orderBy(...order),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const variants = await loadVariants(db, rows.map((r) => r.id));
  return { products: rows.map((r) => toProduct(r, variants.get(r.id))), totalProducts: totals[0]?.total ?? 0 };
}

export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>, region?: CacheRegion): Promise<T>;
  latest?<T>(key: string, load: () => Promise<T>): T | undefined;
}
const noCache: ReadCache = { get: (_key, load) => load() };

/** A group of product_counts shares the filtered columns: the matching groups hold exactly the matching products. */
export async function countLiveProducts(
  db: Db,
  query: Pick<ProductListQuery, 'category' | 'brand' | 'search' | 'fabric' | 'occasion'>,
): Promise<number> {
  if (query.fabric?.length || query.occasion?.length) return countByDetails(db, query);
  const conditions: SQL[] = [];
  if (query.category?.length) conditions.push(inArray(productCounts.category, query.category));
  if (query.brand?.length) conditions.push(inArray(productCounts.brand, query.brand));
  const term = query.search?.trim();
  if (term) conditions.push(matching(containsPattern(term), productCounts));
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${productCounts.live}), 0)::int` })
    .from(productCounts)
    .where(conditions.length ? and(...conditions) : undefined);
  return row?.total ?? 0;
}

/** product_counts knows no details: their filters count the products themselves, by the expression indexes. */
async function countByDetails(db: Db, query: Pick<ProductListQuery, 'category' | 'brand' | 'search' | 'fabric' | 'occasion'>) {
  const conditions: SQL[] = [eq(products.deleted, false), ...detailConditions(query)];
  if (query.category?.length) conditions.push(inArray(products.category, query.category));
  if (query.brand?.length) conditions.push(inArray(products.brand, query.brand));
  const term = query.search?.trim();
  if (term) conditions.push(matching(containsPattern(term)));
  const [row] = await db.select({ total: count() }).from(products).where(and(...conditions));
  return row?.total ?? 0;
}

/** The details shoppers filter by, as live products carry them (each value once, in its most used spelling). */
export async function productFacets(db: Db): Promise<ProductFacets> {
  const values = async (key: 'fabric' | 'occasion') => {
    const value = detail(key);
    const rows = await db
      .select({ value: sql<string>`min(${value})` })
      .from(products)
      .where(and(eq(products.deleted, false), sql`${value} is not null`))
      .groupBy(sql`lower(${value})`)
      .orderBy(sql`1`)
      .limit(100);
    return rows.map((r) => r.value);
  };
  const [fabrics, occasions] = await Promise.all([values('fabric'), values('occasion')]);
  return { fabrics, occasions };
}

async function pageIds(db: Db, query: ProductListQuery): Promise<number[]> {
  const conditions: SQL[] = [eq(products.deleted, false)];
  if (query.category?.length) conditions.push(inArray(products.category, query.category));
  if (query.brand?.length) conditions.push(inArray(products.brand, query.brand));
  const term = query.search?.trim();
  if (term) conditions.push(matching(containsPattern(term)));
  conditions.push(...detailConditions(query));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .orderBy(...orderBy(query, false))
    .limit(query._per_page)
    .offset((query._page - 1) * query._per_page);
  return rows.map((r) => r.id);
}

export const catalogueIndex = (db: Db, cache: ReadCache): CatalogueIndex | undefined =>
  cache.latest?.('catalogue-index', () => CatalogueIndex.load(db));

async function listIdsAndTotal(db: Db, query: ProductListQuery, cache: ReadCache): Promise<{ ids: number[]; total: number }> {
  const filter = {
    category: query.category,
    brand: query.brand,
    search: query.search?.trim() || undefined,
    fabric: query.fabric,
    occasion: query.occasion,
  };
  // Decision 025; the database answers while the index reloads after a write.
  const index = catalogueIndex(db, cache);
  const fromIndex = index?.answers(query);
  const [ids, total] = await Promise.all([
    cache.get(`page:${JSON.stringify(query)}`, async () => (fromIndex ? index!.page(query) : pageIds(db, query))),
    cache.get(`total:${JSON.stringify(filter)}`, async () => (fromIndex ? index!.count(filter) : countLiveProducts(db, filter))),
  ]);
  return { ids, total };
}

/** Page ids and totals may be cached; the products are read fresh, so the stock shown is now (decision 021). */
export async function listShopperProductsJson(db: Db, query: ProductListQuery, cache: ReadCache = noCache, saleOf?: SaleOf): Promise<string> {
  const { ids, total } = await listIdsAndTotal(db, query, cache);
  const found = await Promise.all(ids.map((id) => productNow(db, id, cache)));
  // A product deleted since its page was read leaves the page; the next read has caught up.
  const items = found.flatMap((f) => (f && !f.now.deleted ? [productJson(f.row, f.now, false, saleOf)] : []));
  return `{"products":[${items.join(',')}],"totalProducts":${total}}`;
}

export async function suggestProducts(db: Db, q: string, limit: number): Promise<ProductSuggestion[]> {
  const term = q.trim();
  if (!term) return [];
  const pattern = containsPattern(term);
  const titleMatch = sql`lower(${products.title}) like lower(${pattern})`;
  // Two queries in the rating index's order: one ORDER BY "title matches first" would sort every match.
  const best = (where: SQL, n: number) =>
    db
      .select(productSummaryColumns)
      .from(products)
      .where(and(eq(products.deleted, false), where))
      .orderBy(desc(products.rating), asc(products.id))
      .limit(n);
  const rows = await best(titleMatch, limit);
  if (rows.length < limit) {
    const others = or(
      sql`lower(${products.brand}) like lower(${pattern})`,
      sql`lower(${products.category}) like lower(${pattern})`,
    )!;
    rows.push(...(await best(and(others, sql`not ${titleMatch}`)!, limit - rows.length)));
  }
  return rows.map(({ id, title, brand, category, thumbnail, discountedPricePaise }) => ({
    id,
    title,
    brand,
    category,
    thumbnail,
    discountedPrice: paiseToRupees(discountedPricePaise),
  }));
}

/** Every read binds exactly this many ids (the last repeated), so one generic plan serves all. */
const DETAIL_BATCH = ITEMS_PER_PAGE;
const detailSlots = Array.from({ length: DETAIL_BATCH }, (_, i) => `id${i}`);

// JSON written by the database (decision 007) in halves around the stock (decision 023); fixed
// parameters, as an array parameter is planned again on every execution.
const byIdSlots = sql`${products.id} in (${sql.join(
  detailSlots.map((slot) => sql`${sql.placeholder(slot)}::integer`),
  sql`, `,
)})`;
/** Read with the stock, never cached: a variant's stock is as fresh as the product's (decision 021). */
// Correlated subqueries name the outer columns in full: drizzle writes a one-table select's columns bare.
const variantsJson = sql<string | null>`case when ${products.stockPerVariant} then (
  select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'color', v.color, 'size', v.size, 'stock', v.stock, 'pricePaise', v.price_paise, 'weightGrams', v.weight_grams) order by v.position)
  from ${productVariants} v where v.product_id = "products"."id") end::text`;
const prepareByIds = (db: Db) =>
  db
    .select({
      id: products.id,
      title: products.title,
      category: products.category,
      deleted: products.deleted,
      stock: products.stock,
      head: sql<string>`json_build_object(
        'id', ${products.id}, 'title', ${products.title}, 'description', ${products.description},
        'brand', ${products.brand}, 'category', ${products.category},
        'price', ${products.pricePaise}::float8 / 100, 'discountPercentage', ${products.discountPercentage},
        'discountedPrice', ${products.discountedPricePaise}::float8 / 100, 'rating', ${products.rating},
        'reviewCount', ${products.reviewCount}
      )::text`,
      tail: sql<string>`json_build_object(
        'thumbnail', ${products.thumbnail}, 'images', ${products.images},
        'colors', ${products.colors}, 'sizes', ${products.sizes}, 'highlights', ${products.highlights},
        'hsn', ${products.hsn}, 'gstRatePercent', ${products.gstRatePercent}, 'countryOfOrigin', ${products.countryOfOrigin},
        'sizeLabels', ${products.sizeLabels}, 'sizeUnit', ${products.sizeUnit}, 'colorImages', ${products.colorImages},
        'details', ${JSON.stringify(EMPTY_DETAILS)}::jsonb || ${products.details},
        'weightGrams', ${products.weightGrams}, 'packageCm', ${products.packageCm}, 'returnable', ${products.returnable}
      )::text`,
      pricePaise: products.pricePaise,
      discountPercentage: products.discountPercentage,
      brand: products.brand,
      discountedPricePaise: products.discountedPricePaise,
      // The product page's Legal Metrology declaration: who made or packed it, else the shop itself.
      packer: sql<string | null>`coalesce(${products.details}->>'manufacturer', (select s.legal_name || ', ' || s.address from ${shopSettings} s where s.id = 1))`,
      lowStockThreshold: sql<number>`(select s.low_stock_threshold from ${shopSettings} s where s.id = 1)`,
      // The product page's chart: its own, or its category's.
      sizeChart: sql<string>`coalesce(${products.sizeChart}, (select c.chart from ${sizeCharts} c where c.category = "products"."category"))::text`,
      variants: variantsJson,
    })
    .from(products)
    .where(byIdSlots)
    .prepare('product_json_by_ids');
type JsonRow = Awaited<ReturnType<ReturnType<typeof prepareByIds>['execute']>>[number];
type StockRow = Pick<JsonRow, 'id' | 'stock' | 'deleted' | 'variants'>;
const prepareStockByIds = (db: Db) =>
  db
    .select({ id: products.id, stock: products.stock, deleted: products.deleted, variants: variantsJson })
    .from(products)
    .where(byIdSlots)
    .prepare('product_stock_by_ids');

function slotLoader<R extends { id: number }>(read: (slots: Record<string, number>) => Promise<R[]>): BatchLoader<number, R> {
  return batchLoader(async (ids) => {
    const slots = Object.fromEntries(detailSlots.map((slot, i) => [slot, ids[Math.min(i, ids.length - 1)]!]));
    return new Map((await read(slots)).map((row) => [row.id, row]));
  }, DETAIL_BATCH);
}
const jsonLoader = perDatabase((db) => {
  const byIds = prepareByIds(db);
  return slotLoader((slots) => byIds.execute(slots));
});
const stockLoader = perDatabase((db) => {
  const byIds = prepareStockByIds(db);
  return slotLoader((slots) => byIds.execute(slots));
});

type VariantJson = Pick<VariantRow, 'id' | 'sku' | 'color' | 'size' | 'stock' | 'pricePaise' | 'weightGrams'>;

/** A product's automatic sale for one piece at `unitPaise` (docs/product.md, Promotions), worked out by the caller. */
export type SaleOf = (p: { id: number; category: string; brand: string; unitPaise: number }) => { salePaise: number | null; sale: ProductSale } | null;

function productJson(row: JsonRow, now: StockRow, page = false, saleOf?: SaleOf): string {
  const variants = now.variants === null ? [] : (JSON.parse(now.variants) as VariantJson[]).map((v) => toVariant(v, row));
  const onSale = saleOf?.({ id: row.id, category: row.category, brand: row.brand, unitPaise: row.discountedPricePaise });
  const tail = JSON.stringify({
    ...(onSale && { ...(onSale.salePaise !== null && { salePrice: paiseToRupees(onSale.salePaise) }), sale: onSale.sale }),
    breadcrumbs: breadcrumbsOf(row),
    deleted: now.deleted,
    variants,
    ...(page ? { sizeChart: row.sizeChart === null ? null : (JSON.parse(row.sizeChart) as unknown), packer: row.packer, lowStockThreshold: row.lowStockThreshold ?? undefined } : {}),
  });
  return `${row.head.slice(0, -1)}, "stock" : ${now.stock}, ${row.tail.slice(1, -1)}, ${tail.slice(1)}`;
}

async function productNow(db: Db, id: number, cache: ReadCache): Promise<{ row: JsonRow; now: StockRow } | undefined> {
  let fresh: JsonRow | undefined;
  const row = await cache.get(
    `body:${id}`,
    async () => (fresh = await jsonLoader(db).load(id)),
    'bodies',
  );
  if (!row) return undefined;
  const now = fresh ?? (await stockLoader(db).load(id));
  return now && { row, now };
}

export async function getProductJson(db: Db, id: number, user: SessionUser | null, cache: ReadCache = noCache, saleOf?: SaleOf): Promise<string> {
  const found = await productNow(db, id, cache);
  if (!found || (found.now.deleted && !isAdmin(user))) throw notFound(PRODUCT_NOT_FOUND);
  return productJson(found.row, found.now, true, found.now.deleted ? undefined : saleOf);
}

