import { eq } from 'drizzle-orm';
import { BRAND_PICTURE_RE, brandPictureBase, DEFAULT_BRAND } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { PictureStorage } from '../../storage/storage.ts';
import { shopSettings } from '../settings/settings.table.ts';

/**
 * What a tax document shows of the shop's brand, read when it is drawn (the document itself is frozen
 * when issued, its seller's legal name included): the shop's current name and its logo as a PNG.
 */
export interface DocumentLook {
  shopName: string;
  /** The logo's PNG (stored beside the logo's WebP), or null: no logo is drawn. */
  logoPng: Uint8Array | null;
}

export async function documentLook(db: DbOrTx, storage: Pick<PictureStorage, 'get'>): Promise<DocumentLook> {
  const [row] = await db
    .select({ shopName: shopSettings.shopName, logo: shopSettings.logo })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  // A name still null (before the first start that filled the brand) is the demo's, as getShopSettings reads it.
  const logo = row?.logo ?? null;
  return {
    shopName: row?.shopName ?? DEFAULT_BRAND.shopName,
    logoPng: logo ? await logoPng(storage, logo) : null,
  };
}

// A missing or unreadable PNG only leaves the logo out: the document is what matters.
async function logoPng(storage: Pick<PictureStorage, 'get'>, logo: string): Promise<Uint8Array | null> {
  if (!BRAND_PICTURE_RE.test(logo)) return null;
  try {
    return (await storage.get(`${brandPictureBase(logo)}.png`)) ?? null;
  } catch {
    return null;
  }
}
