import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';

/**
 * docs/product.md, Wishlist. `mailed_price_paise` is the price last told to the shopper (or seen when
 * added): a price-drop mail goes out when what the shopper would pay falls below it.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mailedPricePaise: integer('mailed_price_paise').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_idx').on(t.userId, t.addedAt.desc()), index('wishlist_items_product_idx').on(t.productId)],
);
