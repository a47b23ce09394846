import type { DbOrTx } from '../db/client.ts';

/** SPEC-free default until the shop settings (issue 15a) carry `lowStockThreshold`. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * The shop's low-stock threshold: a product with this many or fewer left is running out. The one
 * place that reads it, so the switch to the shop settings is one line.
 */
export async function lowStockThreshold(_db: DbOrTx): Promise<number> {
  return DEFAULT_LOW_STOCK_THRESHOLD;
}
