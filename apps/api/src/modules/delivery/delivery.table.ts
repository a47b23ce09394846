import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The owner's PIN lists (docs/product.md, Delivery): a row is a PIN or a prefix of one. */
export const pincodeRules = pgTable(
  'pincode_rules',
  {
    list: text('list').$type<'no_delivery' | 'no_cod'>().notNull(),
    prefix: text('prefix').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.list, t.prefix] }),
    check('pincode_rules_list_check', sql`${t.list} in ('no_delivery', 'no_cod')`),
    check('pincode_rules_prefix_check', sql`${t.prefix} ~ '^[1-9][0-9]{0,5}$'`),
  ],
);
