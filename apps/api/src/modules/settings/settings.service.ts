import { eq } from 'drizzle-orm';
import type { PublicShopSettings, ShopSettings } from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopSettings } from './settings.table.ts';

const columns = {
  legalName: shopSettings.legalName,
  address: shopSettings.address,
  state: shopSettings.state,
  gstin: shopSettings.gstin,
  grievanceName: shopSettings.grievanceName,
  grievanceEmail: shopSettings.grievanceEmail,
  supportPhone: shopSettings.supportPhone,
  supportEmail: shopSettings.supportEmail,
  lowStockThreshold: shopSettings.lowStockThreshold,
};

/** Every process calls it at start; only a shop's first start writes. */
export async function ensureShopSettings(db: Db, initial: ShopSettings): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ id: 1, ...initial })
    .onConflictDoNothing({ target: shopSettings.id });
}

/** Read each time, so an admin's change is seen at once by every process. */
export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error('The shop has no settings row: buildApp writes it at start (ensureShopSettings)');
  return row as ShopSettings;
}

export async function getPublicShopSettings(db: Db): Promise<PublicShopSettings> {
  const { lowStockThreshold: _, ...rest } = await getShopSettings(db);
  return rest;
}

export async function saveShopSettings(db: Db, settings: ShopSettings): Promise<ShopSettings> {
  const [row] = await db
    .insert(shopSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...settings, updatedAt: new Date() } })
    .returning(columns);
  return row as ShopSettings;
}
