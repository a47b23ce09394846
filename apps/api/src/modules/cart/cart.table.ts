import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, productVariants } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    color: text('color').notNull(),
    size: doublePrecision('size').notNull(),
    // The colour × size of a product with stock per variant; its line goes when the owner stops selling it.
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, t.color, t.size),
    index('cart_items_product_idx').on(t.productId),
    index('cart_items_variant_idx').on(t.variantId),
  ],
);
