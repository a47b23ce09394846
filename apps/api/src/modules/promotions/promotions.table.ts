import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PromotionKind, PromotionSpread, PromotionTarget } from '@shop/shared';
import { orders } from '../orders/orders.table.ts';
import { users } from '../users/users.table.ts';

/**
 * docs/product.md, Promotions (decision 044). `value` is in hundredths: a percentage's basis points, or
 * paise. The counters are what the checkout spends, under the row's lock, so no limit is passed by a race.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    valueHundredths: integer('value_hundredths').notNull().default(0),
    appliesTo: text('applies_to').$type<PromotionSpread>().notNull().default('order'),
    code: text('code'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    usageLimit: integer('usage_limit'),
    budgetPaise: bigint('budget_paise', { mode: 'number' }),
    perCustomerLimit: integer('per_customer_limit'),
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    exclusive: boolean('exclusive').notNull().default(false),
    target: jsonb('target').$type<PromotionTarget>(),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    getPercent: integer('get_percent'),
    maxApplications: integer('max_applications'),
    enabled: boolean('enabled').notNull().default(true),
    usedCount: integer('used_count').notNull().default(0),
    usedPaise: bigint('used_paise', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promotions_kind_check', sql`${t.kind} in ('percent', 'fixed', 'buy_x_get_y', 'free_shipping', 'prepaid')`),
    check('promotions_applies_to_check', sql`${t.appliesTo} in ('order', 'each')`),
    check('promotions_used_check', sql`${t.usedCount} >= 0 and ${t.usedPaise} >= 0`),
    uniqueIndex('promotions_code_idx').on(t.code).where(sql`${t.code} is not null`),
    index('promotions_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** A batch's unique single-use codes: each is spent by the order that claims it. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('promotion_codes_code_idx').on(t.code), index('promotion_codes_promotion_idx').on(t.promotionId, t.id)],
);

/** One promotion in one order: the figures, the per-customer limit and the orders by day read these. */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code'),
    amountPaise: integer('amount_paise').notNull(),
    orderTotalPaise: integer('order_total_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotion_uses_customer_idx').on(t.promotionId, t.userId),
    index('promotion_uses_day_idx').on(t.promotionId, t.createdAt),
    index('promotion_uses_order_idx').on(t.orderId),
    // The dashboard's period: every promotion's uses between two moments.
    index('promotion_uses_created_idx').on(t.createdAt),
  ],
);

/** The code a shopper entered, kept with their cart until they order or take it off. */
export const cartPromoCodes = pgTable('cart_promo_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
