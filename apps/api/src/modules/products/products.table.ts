import { sql } from 'drizzle-orm';
import type { ColorImages, PackageCm, ProductDetails, SizeChart, SizeUnit } from '@shop/shared';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    // docs/product.md, Reviews: the published reviews' count; with any, `rating` is their average.
    reviewCount: integer('review_count').notNull().default(0),
    stock: integer('stock').notNull(),
    thumbnail: text('thumbnail').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    sizes: jsonb('sizes').$type<number[]>().notNull().default([]),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    // Null HSN or rate means the category's (taxClassOf in packages/shared/src/gst.ts).
    hsn: text('hsn'),
    gstRatePercent: integer('gst_rate_percent'),
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    // Decision 036: with stock per variant, `stock` is the sum of the variants', kept in the same statements.
    stockPerVariant: boolean('stock_per_variant').notNull().default(false),
    // The sizes as sold ("M", "42"), parallel to `sizes`.
    sizeLabels: jsonb('size_labels').$type<string[]>().notNull().default([]),
    sizeUnit: text('size_unit').$type<SizeUnit>().notNull().default('in'),
    colorImages: jsonb('color_images').$type<ColorImages>().notNull().default([]),
    details: jsonb('details').$type<Partial<ProductDetails>>().notNull().default({}),
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    // The parcel (docs/product.md, Shipping charges): null weighs the shop's default, null box is no volume.
    weightGrams: integer('weight_grams'),
    // docs/product.md, Returns and refunds: false for what is made to measure or sold on final sale.
    returnable: boolean('returnable').notNull().default(true),
    packageCm: jsonb('package_cm').$type<PackageCm>(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePaise} >= 0 and ${t.discountedPricePaise} >= 0`),
    check('products_discount_check', sql`${t.discountPercentage} between 0 and 100`),
    check('products_weight_check', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    // docs/style.md, Known traps: lower(col) LIKE lower(pattern).
    index('products_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('products_brand_trgm_idx').using('gin', sql`lower(${t.brand}) gin_trgm_ops`),
    index('products_category_trgm_idx').using('gin', sql`lower(${t.category}) gin_trgm_ops`),
    index('products_category_idx').on(t.category, t.id, t.brand, t.deleted),
    index('products_brand_idx').on(t.brand, t.id, t.category, t.deleted),
    // NULLS FIRST is what `ORDER BY rating DESC` means; an index declared otherwise serves no sort.
    index('products_rating_idx').on(t.rating.desc().nullsFirst(), t.id, t.category, t.brand, t.deleted),
    index('products_price_idx').on(t.pricePaise, t.id, t.category, t.brand, t.deleted),
    index('products_discounted_price_idx').on(t.discountedPricePaise, t.id, t.category, t.brand, t.deleted),
    index('products_id_listing_idx').on(t.id, t.category, t.brand, t.deleted),
    index('products_title_idx').on(t.title, t.id),
    index('products_stock_idx').on(t.stock, t.id),
    index('products_live_category_brand_idx')
      .on(t.category, t.brand, t.rating.desc().nullsFirst(), t.id, t.pricePaise, t.discountedPricePaise)
      .where(sql`not ${t.deleted}`),
    index('products_live_id_idx').on(t.id, t.updatedAt).where(sql`not ${t.deleted}`),
    index('products_live_discount_idx').on(t.discountPercentage.desc().nullsFirst(), t.id).where(sql`not ${t.deleted}`),
    index('products_live_fabric_idx').on(sql`lower(${t.details}->>'fabric')`).where(sql`not ${t.deleted}`),
    index('products_live_occasion_idx').on(sql`lower(${t.details}->>'occasion')`).where(sql`not ${t.deleted}`),
    index('products_live_brand_idx')
      .on(t.brand, t.rating.desc().nullsFirst(), t.id, t.category, t.pricePaise, t.discountedPricePaise)
      .where(sql`not ${t.deleted}`),
  ],
);

/** One per colour × size a product sells with stock per variant (decision 036). */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    size: text('size').notNull(),
    sku: text('sku'),
    pricePaise: integer('price_paise'),
    stock: integer('stock').notNull(),
    // Null: the product's weight.
    weightGrams: integer('weight_grams'),
    position: integer('position').notNull(),
  },
  (t) => [
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
    check('product_variants_weight_check', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check('product_variants_price_check', sql`${t.pricePaise} is null or ${t.pricePaise} > 0`),
    uniqueIndex('product_variants_line_idx').on(t.productId, t.color, t.size),
    uniqueIndex('product_variants_sku_idx').on(sql`lower(${t.sku})`).where(sql`${t.sku} is not null`),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_stock_idx').on(t.stock, t.productId),
  ],
);

/** A category's size chart; a product's own is on the product. */
export const sizeCharts = pgTable('size_charts', {
  category: text('category').primaryKey(),
  chart: jsonb('chart').$type<SizeChart>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productSummaryColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  category: products.category,
  thumbnail: products.thumbnail,
  pricePaise: products.pricePaise,
  discountPercentage: products.discountPercentage,
  discountedPricePaise: products.discountedPricePaise,
};

export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    stock: integer('stock').notNull(),
    threshold: integer('threshold').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('low_stock_alerts_at_idx').on(t.at)],
);

/** Kept exact by triggers on products in the writing transaction (decision 021). */
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
    index('product_counts_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);
