import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Database } from '../src/db/client.ts';
import { BRANDS, CATEGORIES, DEMO_ADDRESS } from '../src/db/seed/catalogue.ts';
import { generateProduct } from '../src/db/seed/index.ts';

export interface Raw {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The driver under drizzle (pg.Pool or PGlite): both take `query(text, params)`, one round trip per call. */
export function raw(database: Database): Raw {
  return (database.db as unknown as { $client: Raw }).$client;
}

/** Products per statement: one JSON parameter, well under any message limit, few round trips. */
const CHUNK = 5_000;
export const BENCH_SEED = 1;
export const BENCH_PASSWORD = 'Bench@12345';
export const checkoutEmail = (n: number) => `checkout${n}@bench.local`;
/** Products every checkout buys from: a sale's best sellers, so orders contend for the same rows. */
const HOT_PRODUCTS = 20;
const HOT_STOCK = 1_000_000;

const PRODUCT_COLUMNS = [
  ['title', 'text'],
  ['description', 'text'],
  ['brand', 'text'],
  ['category', 'text'],
  ['price_paise', 'int'],
  ['discount_percentage', 'float8'],
  ['discounted_price_paise', 'int'],
  ['rating', 'float8'],
  ['stock', 'int'],
  ['thumbnail', 'text'],
  ['images', 'jsonb'],
  ['colors', 'jsonb'],
  ['sizes', 'jsonb'],
  ['highlights', 'jsonb'],
  ['hsn', 'text'],
  ['country_of_origin', 'text'],
  ['stock_per_variant', 'boolean'],
  ['size_labels', 'jsonb'],
  ['size_unit', 'text'],
  ['details', 'jsonb'],
] as const;
const names = PRODUCT_COLUMNS.map(([n]) => n).join(', ');
const recordType = PRODUCT_COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ');
/** One INSERT … SELECT per chunk: the rows travel as one JSON array and are unpacked by the server. */
const INSERT_PRODUCTS = `insert into products (${names}) select ${names} from json_to_recordset($1::json) as r(${recordType})`;
/** Kurtis and dupattas keep stock per colour × size (decision 036): their variants, by the product's place. */
const INSERT_VARIANTS = `insert into product_variants (product_id, color, size, sku, stock, position)
  select product_id, color, size, sku, stock, position
  from json_to_recordset($1::json) as r(product_id int, color text, size text, sku text, stock int, position int)`;

export interface LoadTimings {
  products: number;
  orders: number;
  analyze: number;
}

/**
 * Fills a fresh, migrated database: brands and categories, `products` rows from the demo seed's
 * generator (the same rows `npm run seed` makes, just more of them), shoppers with one shared
 * password, `buyers` shoppers for the checkout scenario, and `orders` past cash orders with 1–3 lines each, built by the database itself.
 */
export async function loadCatalogue(
  database: Database,
  products: number,
  orders: number,
  shoppers: number,
  buyers: number,
): Promise<LoadTimings> {
  const db = raw(database);
  let t = performance.now();
  await db.query(`insert into brands (label, value) select v, v from json_array_elements_text($1::json) v`, [
    JSON.stringify(BRANDS),
  ]);
  await db.query(
    `insert into categories (label, value) select v, v from json_array_elements_text($1::json) v`,
    [JSON.stringify(CATEGORIES)],
  );
  for (let start = 0; start < products; start += CHUNK) {
    const rows = [];
    const variants = [];
    for (let k = start; k < Math.min(products, start + CHUNK); k++) {
      const p = generateProduct(BENCH_SEED, k);
      // A fresh table: product k is given id k + 1.
      variants.push(...p.variants.map((v, position) => ({ product_id: k + 1, color: v.color, size: v.size, sku: v.sku, stock: v.stock, position })));
      rows.push({
        title: p.title,
        description: p.description,
        brand: p.brand,
        category: p.category,
        price_paise: p.pricePaise,
        discount_percentage: p.discountPercentage,
        discounted_price_paise: p.discountedPricePaise,
        rating: p.rating,
        stock: p.stock,
        thumbnail: p.thumbnail,
        images: p.images,
        colors: p.colors,
        sizes: p.sizes,
        highlights: p.highlights,
        hsn: p.hsn,
        country_of_origin: p.countryOfOrigin,
        stock_per_variant: p.stockPerVariant,
        size_labels: p.sizeLabels,
        size_unit: p.sizeUnit,
        details: p.details,
      });
    }
    await db.query(INSERT_PRODUCTS, [JSON.stringify(rows)]);
    if (variants.length) await db.query(INSERT_VARIANTS, [JSON.stringify(variants)]);
  }
  const productSeconds = (performance.now() - t) / 1000;

  t = performance.now();
  const passwordHash = await hash(BENCH_PASSWORD);
  await db.query(
    `insert into users (email, name, phone_number, role, password_hash, addresses)
     select 'shopper' || g || '@bench.local', 'Bench Shopper', '+919820012345', 'user', $1, jsonb_build_array($2::jsonb)
     from generate_series(1, $3::int) g`,
    [passwordHash, JSON.stringify(DEMO_ADDRESS), shoppers],
  );
  // The checkout scenario's shoppers start with no orders and an empty cart.
  await db.query(
    `insert into users (email, name, phone_number, role, password_hash, addresses)
     select 'checkout' || g || '@bench.local', 'Bench Buyer', '+919820012345', 'user', $1, jsonb_build_array($2::jsonb)
     from generate_series(1, $3::int) g`,
    [passwordHash, JSON.stringify(DEMO_ADDRESS), buyers],
  );
  // Past orders spread over the last 90 days and the four statuses, each line a snapshot of a product.
  await db.query(
    `insert into orders (user_id, total_amount_paise, total_items, payment_method, payment_status, selected_address, status, listed, created_at, updated_at)
     select u.id, 0, 1, 'cash', 'pending', u.addresses->0,
            (array['pending', 'dispatched', 'delivered', 'cancelled'])[1 + g % 4], true,
            now() - (g * interval '90 days') / $1::int, now() - (g * interval '90 days') / $1::int
     from generate_series(1, $1::int) g
     join (select id, addresses, row_number() over (order by id) - 1 as n from users where email like 'shopper%') u on u.n = g % $2::int`,
    [orders, shoppers],
  );
  await db.query(
    `insert into order_items (order_id, product_id, quantity, color, size, unit_price_paise, product)
     select o.id, p.id, 1 + (o.id + k) % 2, p.colors->>0, (p.sizes->>0)::float8, p.discounted_price_paise,
            jsonb_build_object('id', p.id, 'title', p.title, 'brand', p.brand, 'category', p.category, 'thumbnail', p.thumbnail,
              'price', p.price_paise / 100.0, 'discountPercentage', p.discount_percentage, 'discountedPrice', p.discounted_price_paise / 100.0)
     from orders o
     cross join lateral generate_series(0, o.id % 3) k
     join products p on p.id = 1 + (o.id * 7919 + k * 104729) % $1::int`,
    [products],
  );
  await db.query(
    `update orders o set total_amount_paise = s.amount, total_items = s.items
     from (select order_id, sum(unit_price_paise * quantity)::int as amount, sum(quantity)::int as items from order_items group by order_id) s
     where s.order_id = o.id`,
  );
  const orderSeconds = (performance.now() - t) / 1000;

  // Fresh statistics for the planner and a visibility map for index-only scans, as a live shop has.
  t = performance.now();
  await db.query('vacuum analyze products, users, orders, order_items, brands, categories');
  return { products: productSeconds, orders: orderSeconds, analyze: (performance.now() - t) / 1000 };
}

export interface HotProduct {
  id: number;
  color: string;
  size: number;
  stock: number;
  /** The variant the checkout buys (the first colour's smallest size) and its stock before. */
  variantId: number;
  variantStock: number;
}

/**
 * Picks the checkout's products, spread over the catalogue, and stocks them deep enough for any run:
 * kurtis (product k with k mod 6 = 4), which keep stock per colour × size, so every order takes a
 * variant's stock and its product's in one transaction.
 */
export async function stockHotProducts(database: Database, products: number): Promise<HotProduct[]> {
  const step = Math.max(6, Math.floor(products / HOT_PRODUCTS / 6) * 6);
  const ids = Array.from({ length: Math.min(HOT_PRODUCTS, Math.floor(products / 6)) }, (_, i) => 5 + i * step).filter((id) => id <= products);
  const db = raw(database);
  await db.query(`update product_variants set stock = $2 where product_id in (select value::int from json_array_elements_text($1::json))`, [
    JSON.stringify(ids),
    HOT_STOCK,
  ]);
  const { rows } = await db.query<HotProduct>(
    `update products p set stock = (select sum(v.stock) from product_variants v where v.product_id = p.id)
     where p.stock_per_variant and p.id in (select value::int from json_array_elements_text($1::json))
     returning p.id, p.colors->>0 as color, (p.sizes->>0)::float8 as size, p.stock,
       (select v.id from product_variants v where v.product_id = p.id order by v.position limit 1) as "variantId",
       (select v.stock from product_variants v where v.product_id = p.id order by v.position limit 1) as "variantStock"`,
    [JSON.stringify(ids)],
  );
  return rows;
}

/** The sale hour's signed-in shoppers and admin: their cookies, made without a login each (argon2 would take minutes). */
export interface SaleAccounts {
  shoppers: string[];
  admin: string;
}

/**
 * Makes `n` shoppers and one admin with a session each, written straight into the sessions table as
 * the login would (the id is the SHA-256 of the cookie's token).
 */
export async function saleAccounts(database: Database, n: number): Promise<SaleAccounts> {
  const db = raw(database);
  const passwordHash = await hash(BENCH_PASSWORD);
  const { rows } = await db.query<{ id: number; role: string }>(
    `insert into users (email, name, phone_number, role, password_hash, addresses)
     select case when g = 0 then 'sale-admin@bench.local' else 'sale' || g || '@bench.local' end, 'Sale Shopper', '+919820012345',
            case when g = 0 then 'admin' else 'user' end, $1, jsonb_build_array($2::jsonb)
     from generate_series(0, $3::int) g
     returning id, role`,
    [passwordHash, JSON.stringify(DEMO_ADDRESS), n],
  );
  const sessions = rows.map((r) => {
    const token = randomBytes(32).toString('base64url');
    return {
      id: createHash('sha256').update(token).digest('hex'),
      user_id: r.id,
      cookie: `sid=${token}`,
      admin: r.role === 'admin',
    };
  });
  await db.query(
    `insert into sessions (id, user_id, expires_at)
     select id, user_id, now() + interval '1 day' from json_to_recordset($1::json) as r(id text, user_id int)`,
    [JSON.stringify(sessions.map(({ id, user_id }) => ({ id, user_id })))],
  );
  return {
    shoppers: sessions.filter((s) => !s.admin).map((s) => s.cookie),
    admin: sessions.find((s) => s.admin)!.cookie,
  };
}

/** A sale's doorbusters: products with little stock that many shoppers want, so they sell out during the run. */
export async function stockDeals(
  database: Database,
  products: number,
  count: number,
  stock: number,
): Promise<number[]> {
  // Offset from the checkout's best sellers, which keep a deep stock.
  const step = Math.max(1, Math.floor(products / count));
  const ids = Array.from({ length: Math.min(count, products) }, (_, i) =>
    Math.min(products, 2 + i * step + Math.floor(step / 2)),
  );
  const { rows } = await raw(database).query<{ id: number }>(
    `update products set stock = $2, deleted = false where id in (select value::int from json_array_elements_text($1::json)) returning id`,
    [JSON.stringify(ids), stock],
  );
  return rows.map((r) => r.id);
}
