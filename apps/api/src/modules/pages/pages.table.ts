import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own pages (About, Returns, FAQ…) as an admin edited them. A page without a row shows
 * its default text (pages.defaults.ts), so the defaults can improve without a migration.
 */
export const shopPages = pgTable('shop_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  /** One or two sentences for search results and link previews. */
  summary: text('summary').notNull(),
  markdown: text('markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
