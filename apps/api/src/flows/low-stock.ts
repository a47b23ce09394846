import type { Order, ShopSettings } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { lowStockMail, recordLowStockCrossings, stockKey, type LowStockCrossing } from '../modules/products/low-stock.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';

export async function alertLowStock(
  tx: Tx,
  fx: Effects,
  order: Order,
  /** The Shop Settings the caller has read in this transaction; read here without them. */
  settings?: ShopSettings,
  taken?: LowStockCrossing[],
): Promise<number> {
  const sold = new Map<string, number>();
  for (const i of order.items) {
    const key = stockKey(i.product.id, i.variant?.id ?? null);
    sold.set(key, (sold.get(key) ?? 0) + i.quantity);
  }
  const shop = settings ?? (await getShopSettings(tx));
  const level = shop.lowStockThreshold;
  const crossed = await recordLowStockCrossings(tx, sold, level, taken);
  if (crossed.length === 0) return 0;
  const to = await adminEmails(tx);
  if (to.length) for (const p of crossed) await fx.jobs.send(tx, 'mail', lowStockMail(to, p, level, fx.webUrl, shop));
  return crossed.length;
}
