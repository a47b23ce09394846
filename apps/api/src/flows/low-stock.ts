import type { Order } from '@shop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { lowStockMail, recordLowStockCrossings, type LowStockCrossing } from '../modules/products/low-stock.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';

/**
 * The shop's low-stock threshold (a shop setting, default 5): a product with this many or fewer
 * left is running out. Read here alone, for the product table, the dashboard and the alert.
 */
export async function lowStockThreshold(db: DbOrTx): Promise<number> {
  return (await getShopSettings(db)).lowStockThreshold;
}

/**
 * Issue 16: after a sale has taken its stock, in the sale's own transaction, every product it took
 * to or below the threshold gets one mail to the admins, as a job (decision 014): the mail exists
 * exactly when the sale does. Returns how many products crossed.
 */
export async function alertLowStock(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  order: Order,
  publicUrl: string,
  /** The threshold when the caller has the shop settings at hand already. */
  knownThreshold?: number,
  /** The products sold as the caller has just taken their stock (their rows locked): title and stock left. */
  taken?: LowStockCrossing[],
): Promise<number> {
  const sold = new Map<number, number>();
  for (const i of order.items) sold.set(i.product.id, (sold.get(i.product.id) ?? 0) + i.quantity);
  const threshold = knownThreshold ?? (await lowStockThreshold(tx));
  const crossed = await recordLowStockCrossings(tx, sold, threshold, taken);
  if (crossed.length === 0) return 0;
  const to = await adminEmails(tx);
  if (to.length)
    for (const p of crossed) await jobs.send(tx, 'mail', lowStockMail(to, p, threshold, publicUrl));
  return crossed.length;
}
