import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@shop/shared';
import { orders } from '../orders/orders.table.ts';

/**
 * A payment row's own status: the order's statuses, or `refund_due` when the provider captured money
 * for an order cancelled before it arrived. The order keeps its own status, so clients read it as ever.
 */
type PaymentRowStatus = PaymentStatus | 'refund_due';

/** One provider order per card order: what was asked, and what the provider confirmed. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<PaymentRowStatus>().notNull().default('awaiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * Secrets made by the shop itself, once per installation (the test provider's signing keys): drawn
 * at random by the first process to start, then read by every other one, so none is ever published.
 */
export const paymentSecrets = pgTable('payment_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
