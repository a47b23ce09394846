import { asc, sql } from 'drizzle-orm';
import type { Option, OptionBody } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { brands, categories } from './catalog.table.ts';

export type OptionTable = typeof brands | typeof categories;

/** The options of a filter group (brands or categories), sorted by label. */
export async function listOptions(db: Db, table: OptionTable): Promise<Option[]> {
  return db
    .select({ id: table.id, label: table.label, value: table.value })
    .from(table)
    .orderBy(sql`lower(${table.label})`, asc(table.id));
}

/**
 * SPEC §3: label and value are both the entered name unless a value is given. A value that exists
 * in any letter case is a conflict; the unique index on lower(value) decides, so racing admins
 * cannot both win.
 */
export async function createOption(db: Db, table: OptionTable, body: OptionBody, duplicateMessage: string): Promise<Option> {
  const value = body.value || body.label;
  const [row] = await db
    .insert(table)
    .values({ label: body.label, value })
    .onConflictDoNothing()
    .returning({ id: table.id, label: table.label, value: table.value });
  if (!row) throw conflict(duplicateMessage);
  return row;
}

export const BRANDS = { table: brands, duplicate: 'Brand already exists', noun: 'brand' } as const;
export const CATEGORIES = { table: categories, duplicate: 'Category already exists', noun: 'category' } as const;
