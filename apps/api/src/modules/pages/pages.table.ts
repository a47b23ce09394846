import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A page without a row shows its default text, so the defaults can improve without a migration. */
export const shopPages = pgTable('shop_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  markdown: text('markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
