import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate-limit counters (decision 006), in the database so every server process counts together
 * and a restart forgets nothing. The key is the SHA-256 of the limit and what it counts (an
 * address, an email), so no email or address is stored and every key has the same size.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);
