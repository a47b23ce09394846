import type { DbOrTx } from '../db/client.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';

/**
 * The shop's low-stock threshold (Shop Settings, 5 unless the admin changed it): a product with this
 * many or fewer left is running out. The one place that reads it.
 */
export async function lowStockThreshold(db: DbOrTx): Promise<number> {
  return (await getShopSettings(db)).lowStockThreshold;
}
