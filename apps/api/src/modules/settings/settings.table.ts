import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CodSettings, DeliverySettings, ReturnRules, ShippingSettings, HomeBanner, SocialLinks } from '@shop/shared';

/** One row, id 1. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    gstin: text('gstin').notNull().default(''),
    grievanceName: text('grievance_name').notNull(),
    grievanceEmail: text('grievance_email').notNull(),
    supportPhone: text('support_phone').notNull(),
    supportEmail: text('support_email').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    // The brand (docs/product.md, Your brand): null until the first start after they were added fills them.
    shopName: text('shop_name'),
    tagline: text('tagline'),
    brandColor: text('brand_color'),
    logo: text('logo'),
    favicon: text('favicon'),
    socialLinks: jsonb('social_links').$type<SocialLinks>(),
    banner: jsonb('banner').$type<HomeBanner>(),
    // Cash on delivery and delivery (docs/product.md): null reads as the defaults in packages/shared.
    cod: jsonb('cod').$type<CodSettings>(),
    delivery: jsonb('delivery').$type<DeliverySettings>(),
    shipping: jsonb('shipping').$type<ShippingSettings>(),
    returns: jsonb('returns').$type<ReturnRules>(),
    // docs/product.md, Reviews: a new review waits for the owner's approval.
    reviewsNeedApproval: boolean('reviews_need_approval').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_low_stock_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);
