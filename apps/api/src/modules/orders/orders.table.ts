import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  CancelReason,
  OrderConfirmation,
  OrderItem,
  OrderStage,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PromotionKind,
  VariantRef,
} from '@shop/shared';

/** As stored on the order: the API's `AppliedDiscount`, in paise. */
export interface OrderDiscount {
  promotionId: number;
  name: string;
  code: string | null;
  kind: PromotionKind;
  amountPaise: number;
}
import { products, productVariants } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    totalAmountPaise: integer('total_amount_paise').notNull(),
    totalItems: integer('total_items').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    selectedAddress: jsonb('selected_address').$type<Address>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    // Cash orders at once, card orders once paid.
    listed: boolean('listed').notNull().default(false),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    // Cash on delivery (docs/product.md): both are in the total; the goods' value is the total less them.
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    confirmation: text('confirmation').$type<OrderConfirmation>().notNull().default('not_needed'),
    // While awaiting: the deadline, and the link's token. It can only confirm this one order, once, before
    // the deadline; it is kept as sent so the reminder carries the same link.
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    confirmToken: text('confirm_token'),
    confirmRemindedAt: timestamp('confirm_reminded_at', { withTimezone: true }),
    cashCollectedAt: timestamp('cash_collected_at', { withTimezone: true }),
    // docs/product.md, Shipping: where the order is (`status` is the stage's SPEC status) and its charge.
    stage: text('stage').$type<OrderStage>().notNull().default('pending'),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    // An exchange's order (docs/product.md, Returns): the return it ships, and the returned goods' value
    // that pays for it (taken off the total, which is what is left to pay).
    exchangeOfReturnId: integer('exchange_of_return_id'),
    exchangeCreditPaise: integer('exchange_credit_paise').notNull().default(0),
    // docs/product.md, Promotions: the goods' discount (the items' sum, in the total) and what each promotion gave.
    discountPaise: integer('discount_paise').notNull().default(0),
    discounts: jsonb('discounts').$type<OrderDiscount[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('pending', 'dispatched', 'delivered', 'cancelled')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cash', 'card')`),
    check('orders_confirmation_check', sql`${t.confirmation} in ('awaiting', 'confirmed', 'not_needed')`),
    check('orders_charges_check', sql`${t.codFeePaise} >= 0 and ${t.prepaidDiscountPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.exchangeCreditPaise} >= 0`),
    check(
      'orders_stage_check',
      sql`${t.stage} in ('pending', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'undelivered', 'rto', 'cancelled')`,
    ),
    check('orders_total_check', sql`${t.totalAmountPaise} >= 0 and ${t.totalItems} > 0`),
    index('orders_user_listed_created_idx').on(t.userId, t.listed, t.createdAt.desc()),
    index('orders_listed_created_idx').on(t.listed, t.createdAt),
    index('orders_listed_updated_idx').on(t.listed, t.updatedAt),
    index('orders_listed_total_idx').on(t.listed, t.totalAmountPaise),
    index('orders_listed_method_idx').on(t.listed, t.paymentMethod),
    // The dashboard's period is read from orders_dashboard_idx alone.
    index('orders_listed_status_created_idx').on(t.listed, t.status, t.createdAt),
    index('orders_listed_stage_created_idx').on(t.listed, t.stage, t.createdAt),
    index('orders_dashboard_idx')
      .on(t.createdAt, t.status, t.paymentMethod, t.paymentStatus, t.totalAmountPaise, t.totalItems, t.id)
      .where(sql`${t.listed}`),
    index('orders_address_name_trgm_idx').using(
      'gin',
      sql`lower(${t.selectedAddress}->>'name') gin_trgm_ops`,
    ),
    index('orders_address_email_trgm_idx').using(
      'gin',
      sql`lower(${t.selectedAddress}->>'email') gin_trgm_ops`,
    ),
    index('orders_address_phone_trgm_idx').using(
      'gin',
      sql`regexp_replace(${t.selectedAddress}->>'phone', '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
    index('orders_reserved_until_idx')
      .on(t.reservedUntil)
      .where(sql`${t.reservedUntil} is not null`),
    // The sweep (cancel, remind) and the admin's "Awaiting confirmation" list.
    index('orders_confirm_by_idx')
      .on(t.confirmBy)
      .where(sql`${t.confirmation} = 'awaiting'`),
    uniqueIndex('orders_confirm_token_idx')
      .on(t.confirmToken)
      .where(sql`${t.confirmToken} is not null`),
    index('orders_awaiting_user_idx')
      .on(t.userId)
      .where(sql`${t.paymentStatus} = 'awaiting'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    color: text('color').notNull(),
    size: doublePrecision('size').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    product: jsonb('product').$type<OrderItem['product']>().notNull(),
    // Stock goes back here on a cancellation; the snapshot stays when the owner stops selling it.
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variant: jsonb('variant').$type<VariantRef>(),
    // What promotions took off the line (docs/product.md, Promotions): it pays unitPrice × quantity − this.
    discountPaise: integer('discount_paise').notNull().default(0),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_discount_check', sql`${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.unitPricePaise}::bigint * ${t.quantity}`),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId),
    // Covers what the sales triggers (migration 0013) read.
    index('order_items_order_sales_idx').on(t.orderId, t.productId, t.quantity, t.unitPricePaise),
  ],
);

/** `from` is null at placement, `by` null for the shop itself. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The shopper's own reason when they cancelled (CANCEL_REASONS in packages/shared).
    reason: text('reason').$type<CancelReason>(),
    // A step that keeps the status: a COD order confirmed (by the shopper's link, or staff after a call).
    event: text('event').$type<'cod_confirmed' | 'cash_collected'>(),
    // The stage moved to (null before stages existed), and staff's reason to reopen or the courier's words.
    stage: text('stage').$type<OrderStage>(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at, t.id)],
);
