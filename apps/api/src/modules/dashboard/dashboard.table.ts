import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * What each product earned on each Indian calendar day (issue 16): the units and revenue of its
 * lines in orders that earn (cash, or paid card; not cancelled), by the day the order was placed.
 * Kept by triggers on orders and order_items in the writing transaction (migration 0013), so the
 * dashboard's best sellers read a few rows a day instead of joining every order line of the period.
 */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);
