import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RefundStatus, RefundTo, ReturnReason, ReturnStatus } from '@shop/shared';
import { orderItems, orders } from '../orders/orders.table.ts';
import { taxDocuments } from '../invoices/invoices.table.ts';
import { payments } from '../payments/payments.table.ts';
import { productVariants } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

/** docs/product.md, Returns and refunds: one shopper's request about some items of one delivered order. */
export const returns = pgTable(
  'returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    refundTo: jsonb('refund_to').$type<RefundTo>(),
    pickup: jsonb('pickup').$type<{ courierName: string; awb: string }>(),
    rejectReason: text('reject_reason'),
    restocked: boolean('restocked'),
    creditNoteId: integer('credit_note_id').references(() => taxDocuments.id),
    exchangeOrderId: integer('exchange_order_id').references(() => orders.id),
    // Goods only, worked out on receipt from the credit note (an estimate until then).
    refundPaise: integer('refund_paise').notNull().default(0),
    collectPaise: integer('collect_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('returns_status_check', sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded', 'closed')`),
    check('returns_money_check', sql`${t.refundPaise} >= 0 and ${t.collectPaise} >= 0`),
    index('returns_status_created_idx').on(t.status, t.createdAt.desc()),
    index('returns_created_idx').on(t.createdAt.desc()),
    index('returns_order_idx').on(t.orderId),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    // The size or colour asked instead; its stock is held from approval (`held`).
    exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id),
    exchange: jsonb('exchange').$type<{ color: string; size: string }>(),
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    check('return_items_quantity_check', sql`${t.quantity} > 0`),
    index('return_items_return_idx').on(t.returnId),
    index('return_items_order_item_idx').on(t.orderItemId),
  ],
);

export const returnEvents = pgTable(
  'return_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus>().notNull(),
    note: text('note'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
);

/**
 * Money going back (decision 043). `receipt` is ours and unique: a retried refund finds its row (and, at
 * the provider, the refund it made) instead of paying twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    returnId: integer('return_id').references(() => returns.id),
    paymentId: integer('payment_id').references(() => payments.id),
    method: text('method').$type<'original' | 'transfer'>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    receipt: text('receipt').notNull(),
    providerRefundId: text('provider_refund_id'),
    // A transfer's UPI/bank reference, entered by the owner.
    reference: text('reference'),
    failure: text('failure'),
    // While the provider is being asked: another process leaves it alone until then.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_method_check', sql`${t.method} in ('original', 'transfer')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
    uniqueIndex('refunds_receipt_idx').on(t.receipt),
    uniqueIndex('refunds_provider_refund_idx').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
