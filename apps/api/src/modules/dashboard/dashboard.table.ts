import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/** Kept by triggers (migration 0013), so best sellers read a few rows a day, not every order line. */
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
