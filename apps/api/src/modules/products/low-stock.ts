import { and, eq, inArray, lte } from 'drizzle-orm';
import type { ShopBrand } from '@shop/shared';
import type { Tx } from '../../db/client.ts';
import { escapeHtml } from '../../mail/content.ts';
import type { Mail } from '../../mail/mailer.ts';
import { lowStockAlerts, products, productVariants } from './products.table.ts';

export interface LowStockCrossing {
  id: number;
  /** A colour × size of a product with stock per variant, whose stock alone is counted. */
  variantId: number | null;
  title: string;
  stock: number;
}

/** What a sale took from: the variant of a product with stock per variant, else the product. */
export const stockKey = (productId: number, variantId: number | null) =>
  variantId === null ? `${productId}` : `${productId}:${variantId}`;

/** "Kurti in Indigo (M, #1f3a93)": the admin's mail names the variant that runs low. */
export const variantTitle = (title: string, v: { size: string; color: string }) => `${title} (${v.size}, ${v.color})`;

async function lowNow(tx: Tx, sold: Map<string, number>, threshold: number): Promise<LowStockCrossing[]> {
  const keys = [...sold.keys()].map((k) => k.split(':').map(Number));
  const productIds = keys.filter((k) => k.length === 1).map(([p]) => p!);
  const variantIds = keys.filter((k) => k.length === 2).map(([, v]) => v!);
  const [plain, variants] = await Promise.all([
    productIds.length === 0
      ? []
      : tx
          .select({ id: products.id, title: products.title, stock: products.stock })
          .from(products)
          .where(and(inArray(products.id, productIds), eq(products.stockPerVariant, false), lte(products.stock, threshold), eq(products.deleted, false))),
    variantIds.length === 0
      ? []
      : tx
          .select({ id: products.id, variantId: productVariants.id, title: products.title, size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(inArray(productVariants.id, variantIds), lte(productVariants.stock, threshold), eq(products.deleted, false))),
  ]);
  return [
    ...plain.map((p) => ({ ...p, variantId: null })),
    ...variants.map((v) => ({ id: v.id, variantId: v.variantId, title: variantTitle(v.title, v), stock: v.stock })),
  ];
}

/** Only a crossing from above the threshold counts, so a product or variant alerts once until it is restocked. */
export async function recordLowStockCrossings(
  tx: Tx,
  sold: Map<string, number>,
  threshold: number,
  taken?: LowStockCrossing[],
): Promise<LowStockCrossing[]> {
  if (sold.size === 0) return [];
  const low = taken ? taken.filter((p) => p.stock <= threshold) : await lowNow(tx, sold, threshold);
  const crossed = low.filter((p) => p.stock + (sold.get(stockKey(p.id, p.variantId)) ?? 0) > threshold);
  if (crossed.length)
    await tx
      .insert(lowStockAlerts)
      .values(crossed.map((p) => ({ productId: p.id, variantId: p.variantId, stock: p.stock, threshold })));
  return crossed;
}

/** To the admins; signed with the shop's name as it is when the mail is made. */
export function lowStockMail(
  to: string[],
  p: LowStockCrossing,
  threshold: number,
  webUrl: string,
  shop: Pick<ShopBrand, 'shopName'>,
): Mail {
  const left = p.stock === 0 ? 'is now out of stock' : `is down to ${p.stock} left`;
  const link = `${webUrl}/admin/product-form/edit/${p.id}`;
  const lines = [
    `${p.title} ${left} (your low-stock level is ${threshold}).`,
    `Restock it or update the product: ${link}`,
  ];
  return {
    to: to.join(', '),
    subject: `Low stock: ${p.title} ${left}`,
    text: [...lines, '', shop.shopName].join('\n'),
    html: [...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p>${escapeHtml(shop.shopName)}</p>`].join('\n'),
    fromName: shop.shopName,
  };
}
