import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../taxonomy/taxonomy.table.ts';
import { products } from './products.table.ts';

export async function countLiveProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.deleted, false));
  return row?.n ?? 0;
}

export async function liveProductIdAt(db: Db, offset: number): Promise<number | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.deleted, false)).orderBy(asc(products.id)).limit(1).offset(offset);
  return row?.id;
}

export async function liveProductsFrom(db: Db, fromId: number, limit: number): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.deleted, false), sql`${products.id} >= ${fromId}`))
    .orderBy(asc(products.id))
    .limit(limit);
}

export async function categoriesInUse(db: Db): Promise<string[]> {
  const rows = await db
    .select({ value: categories.value })
    .from(categories)
    .where(sql`exists (select 1 from ${products} where ${products.category} = ${categories.value} and not ${products.deleted})`)
    .orderBy(sql`lower(${categories.label})`, asc(categories.id));
  return rows.map((r) => r.value);
}
