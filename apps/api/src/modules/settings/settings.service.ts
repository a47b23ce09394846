import { eq, sql } from 'drizzle-orm';
import {
  brandOf,
  DEFAULT_BRAND,
  DEFAULT_COD_SETTINGS,
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_SHIPPING_SETTINGS,
  DEFAULT_RETURN_RULES,
  type PublicShopSettings,
  type ShopBrand,
  type ShopSettings,
  type ShopSettingsBody,
} from '@shop/shared';
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
  shopName: shopSettings.shopName,
  tagline: shopSettings.tagline,
  brandColor: shopSettings.brandColor,
  logo: shopSettings.logo,
  favicon: shopSettings.favicon,
  socialLinks: shopSettings.socialLinks,
  banner: shopSettings.banner,
  cod: shopSettings.cod,
  delivery: shopSettings.delivery,
  shipping: shopSettings.shipping,
  returns: shopSettings.returns,
  reviewsNeedApproval: shopSettings.reviewsNeedApproval,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

// A column still null (its process has not started since it was added) reads as the demo's.
function fromRow(row: Row): ShopSettings {
  return {
    ...(row as ShopSettings),
    shopName: row.shopName ?? DEFAULT_BRAND.shopName,
    tagline: row.tagline ?? DEFAULT_BRAND.tagline,
    brandColor: row.brandColor ?? DEFAULT_BRAND.brandColor,
    logo: row.logo ?? null,
    favicon: row.favicon ?? null,
    socialLinks: { ...DEFAULT_BRAND.socialLinks, ...row.socialLinks },
    banner: { ...DEFAULT_BRAND.banner, ...row.banner },
    // Null until the owner first saves Payments or Delivery: the defaults (no fee, no limits, no confirmation).
    cod: { ...DEFAULT_COD_SETTINGS, ...row.cod },
    delivery: { ...DEFAULT_DELIVERY_SETTINGS, ...row.delivery },
    shipping: { ...DEFAULT_SHIPPING_SETTINGS, ...row.shipping },
    returns: { ...DEFAULT_RETURN_RULES, ...row.returns },
  };
}

const BRAND_FILLED_AT_START = ['shopName', 'tagline', 'brandColor', 'socialLinks', 'banner'] as const;

/**
 * Every process calls it at start; only a shop's first start writes (and the first after the brand was
 * added). It reads first: a write would NOTIFY every server to empty its caches (migration 0019).
 */
export async function ensureShopSettings(db: Db, initial: ShopSettings): Promise<void> {
  const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) {
    await db
      .insert(shopSettings)
      .values({ id: 1, ...initial })
      .onConflictDoNothing({ target: shopSettings.id });
    return;
  }
  // Each column only while still null: two processes starting together write the same values once.
  for (const key of BRAND_FILLED_AT_START.filter((k) => row[k] == null)) {
    await db
      .update(shopSettings)
      .set({ [key]: initial[key] })
      .where(sql`${shopSettings.id} = 1 and ${shopSettings[key]} is null`);
  }
}

/** Read each time, so an admin's change is seen at once by every process. */
export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error('The shop has no settings row: buildApp writes it at start (ensureShopSettings)');
  return fromRow(row as Row);
}

export async function getPublicShopSettings(db: Db): Promise<PublicShopSettings> {
  const { lowStockThreshold: _, reviewsNeedApproval: __, ...rest } = await getShopSettings(db);
  return rest;
}

/** The brand alone, for what every page and mail shows. */
export async function getShopBrand(db: DbOrTx): Promise<ShopBrand> {
  return brandOf(await getShopSettings(db));
}

export async function saveShopSettings(db: Db, body: ShopSettingsBody): Promise<ShopSettings> {
  // A body without the brand's, COD or delivery fields (an older admin client) keeps them.
  const settings = Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined),
  ) as Partial<ShopSettings> & Omit<ShopSettings, keyof ShopBrand>;
  const [row] = await db
    .insert(shopSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...settings, updatedAt: new Date() } })
    .returning(columns);
  return fromRow(row as Row);
}
