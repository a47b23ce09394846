import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Option, OptionBody } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { products } from '../products/products.table.ts';
import { brands, categories } from './taxonomy.table.ts';

type OptionTable = typeof brands | typeof categories;

/** `inUse`: one EXISTS probe per option into the live-product indexes, cheap at any catalogue size. */
export async function listOptions(db: Db, kind: OptionKind, inUse = false): Promise<Option[]> {
  const { table, productColumn } = kind;
  const used = exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.deleted, false), eq(products[productColumn], table.value))),
  );
  return db
    .select({ id: table.id, label: table.label, value: table.value })
    .from(table)
    .where(inUse ? used : undefined)
    .orderBy(sql`lower(${table.label})`, asc(table.id));
}

/** docs/product.md, Entities. The unique index on lower(value) decides between racing admins. */
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

interface OptionKind {
  table: OptionTable;
  productColumn: 'brand' | 'category';
  duplicate: string;
  noun: string;
}

export const BRANDS = { table: brands, productColumn: 'brand', duplicate: 'Brand already exists', noun: 'brand' } as const satisfies OptionKind;
export const CATEGORIES = { table: categories, productColumn: 'category', duplicate: 'Category already exists', noun: 'category' } as const satisfies OptionKind;
