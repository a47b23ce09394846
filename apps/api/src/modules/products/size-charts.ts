import { asc, eq, sql } from 'drizzle-orm';
import type { CategorySizeChart, SizeChart } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { sizeCharts } from './products.table.ts';

// A category's size chart (decision 036); a product's own chart is on the product and wins.

export async function listSizeCharts(db: Db): Promise<{ charts: CategorySizeChart[] }> {
  const rows = await db
    .select({ category: sizeCharts.category, chart: sizeCharts.chart })
    .from(sizeCharts)
    .orderBy(asc(sizeCharts.category));
  return { charts: rows };
}

export async function saveSizeChart(db: Db, category: string, chart: SizeChart): Promise<CategorySizeChart> {
  await db
    .insert(sizeCharts)
    .values({ category, chart })
    .onConflictDoUpdate({ target: sizeCharts.category, set: { chart, updatedAt: sql`now()` } });
  return { category, chart };
}

/** Idempotent: a category without a chart has none afterwards either. */
export async function deleteSizeChart(db: Db, category: string): Promise<{ category: string }> {
  await db.delete(sizeCharts).where(eq(sizeCharts.category, category));
  return { category };
}
