import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '@shop/shared';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

/**
 * docs/product.md, Reviews. One per shopper and product, from a shopper who bought it. A product's
 * `rating` and `review_count` are its published reviews', kept in the same transaction as the review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status').$type<ReviewStatus>().notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('published', 'pending', 'hidden')`),
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    // The product page's sorts: newest, highest, lowest, with photos first.
    index('reviews_product_newest_idx').on(t.productId, t.status, t.createdAt.desc(), t.id.desc()),
    index('reviews_product_rating_idx').on(t.productId, t.status, t.rating, t.createdAt.desc()),
    // The owner's list, newest first, and the dashboard's new reviews.
    index('reviews_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId),
  ],
);
