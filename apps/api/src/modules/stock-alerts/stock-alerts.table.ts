import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

/**
 * docs/product.md, Back in stock. A shopper waiting for a sold-out product, or one colour × size of it
 * (empty strings: the whole product). A guest's is confirmed by a link first; a signed-in shopper's at once.
 * The sweep deletes a row as it mails it, so each subscriber is mailed once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // sha256 of the guest's confirmation token; null once confirmed (or for a signed-in shopper).
    tokenHash: text('token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alerts_line_email_idx').on(t.productId, t.color, t.size, sql`lower(${t.email})`),
    uniqueIndex('stock_alerts_token_idx').on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    index('stock_alerts_waiting_idx').on(t.productId).where(sql`${t.confirmedAt} is not null`),
  ],
);
