import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    pricePaise: integer('price_paise').notNull(),
    discountPercentage: doublePrecision('discount_percentage').notNull().default(0),
    discountedPricePaise: integer('discounted_price_paise').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    stock: integer('stock').notNull(),
    thumbnail: text('thumbnail').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    sizes: jsonb('sizes').$type<number[]>().notNull().default([]),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    // Issue 15, tax data: null HSN or rate means the category's (taxClassOf in packages/shared/src/gst.ts).
    hsn: text('hsn'),
    gstRatePercent: integer('gst_rate_percent'),
    // E-Commerce Rules 2020: every listing names its country of origin.
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePaise} >= 0 and ${t.discountedPricePaise} >= 0`),
    check('products_discount_check', sql`${t.discountPercentage} between 0 and 100`),
    // DESIGN §2: search is lower(col) LIKE lower(pattern), served by trigram indexes on lower(col).
    index('products_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('products_brand_trgm_idx').using('gin', sql`lower(${t.brand}) gin_trgm_ops`),
    index('products_category_trgm_idx').using('gin', sql`lower(${t.category}) gin_trgm_ops`),
    // One b-tree per sort and filter of GET /products; id breaks ties so pages are stable.
    index('products_category_idx').on(t.category, t.id, t.brand, t.deleted),
    index('products_brand_idx').on(t.brand, t.id, t.category, t.deleted),
    // NULLS FIRST is what `ORDER BY rating DESC` means; an index declared otherwise serves no sort.
    // Each sort's index also holds the filters' columns (migration 0012): a list filtered by brand
    // and sorted by price walks the index alone, never the table, however few of its rows match.
    index('products_rating_idx').on(t.rating.desc().nullsFirst(), t.id, t.category, t.brand, t.deleted),
    index('products_price_idx').on(t.pricePaise, t.id, t.category, t.brand, t.deleted),
    index('products_discounted_price_idx').on(t.discountedPricePaise, t.id, t.category, t.brand, t.deleted),
    // The default order (by id), likewise.
    index('products_id_listing_idx').on(t.id, t.category, t.brand, t.deleted),
    index('products_title_idx').on(t.title, t.id),
    index('products_stock_idx').on(t.stock, t.id),
    // The shop's listing (docs/performance.md): live products by category and brand, with every shopper
    // sort's column in the index, so the page's ids and the total are read from the index alone.
    index('products_live_category_brand_idx')
      .on(t.category, t.brand, t.rating.desc().nullsFirst(), t.id, t.pricePaise, t.discountedPricePaise)
      .where(sql`not ${t.deleted}`),
    // Issue 17: the sitemap reads live ids in order (with their dates) from this index alone, and the
    // footer's Special Offers lists live products by discount, largest first.
    index('products_live_id_idx').on(t.id, t.updatedAt).where(sql`not ${t.deleted}`),
    index('products_live_discount_idx').on(t.discountPercentage.desc().nullsFirst(), t.id).where(sql`not ${t.deleted}`),
    index('products_live_brand_idx')
      .on(t.brand, t.rating.desc().nullsFirst(), t.id, t.category, t.pricePaise, t.discountedPricePaise)
      .where(sql`not ${t.deleted}`),
  ],
);

/**
 * Low-stock mails sent (issue 16): one row per crossing of the threshold, written in the sale's
 * transaction with its mail job, and listed on the dashboard.
 */
export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stock: integer('stock').notNull(),
    threshold: integer('threshold').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('low_stock_alerts_at_idx').on(t.at)],
);

/**
 * Live products per title, brand and category, kept by triggers on products in the writing
 * transaction (migration 0012), so always exact. A shopper's total is a sum over these groups: a few
 * thousand narrow rows instead of every matching product (docs/performance.md, decision 021).
 */
export const productCounts = pgTable(
  'product_counts',
  {
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    title: text('title').notNull(),
    live: integer('live').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.brand, t.title] }),
    // The search's substring match, as on products (DESIGN §2).
    index('product_counts_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);
