import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const optionColumns = {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  label: text('label').notNull(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const brands = pgTable('brands', optionColumns, (t) => [uniqueIndex('brands_value_lower_idx').on(sql`lower(${t.value})`)]);

export const categories = pgTable('categories', optionColumns, (t) => [
  uniqueIndex('categories_value_lower_idx').on(sql`lower(${t.value})`),
]);
