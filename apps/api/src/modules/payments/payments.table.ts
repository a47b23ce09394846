import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@shop/shared';
import { orders } from '../orders/orders.table.ts';

// `refund_due`: money captured for an order cancelled before it arrived (the order keeps its status).
type PaymentRowStatus = PaymentStatus | 'refund_due';

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

/** The test provider's keys, drawn by the first process of an installation: none is ever published. */
export const paymentSecrets = pgTable('payment_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
