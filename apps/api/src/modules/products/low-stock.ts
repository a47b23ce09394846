import { and, eq, inArray, lte } from 'drizzle-orm';
import type { ShopBrand } from '@shop/shared';
import type { Tx } from '../../db/client.ts';
import { escapeHtml } from '../../mail/content.ts';
import type { Mail } from '../../mail/mailer.ts';
import { lowStockAlerts, products } from './products.table.ts';

export interface LowStockCrossing {
  id: number;
  title: string;
  stock: number;
}

/** Only a crossing from above the threshold counts, so a product alerts once until it is restocked. */
export async function recordLowStockCrossings(
  tx: Tx,
  sold: Map<number, number>,
  threshold: number,
  taken?: LowStockCrossing[],
): Promise<LowStockCrossing[]> {
  if (sold.size === 0) return [];
  const low = taken
    ? taken.filter((p) => p.stock <= threshold)
    : await tx
        .select({ id: products.id, title: products.title, stock: products.stock })
        .from(products)
        .where(
          and(
            inArray(products.id, [...sold.keys()]),
            lte(products.stock, threshold),
            eq(products.deleted, false),
          ),
        );
  const crossed = low.filter((p) => p.stock + (sold.get(p.id) ?? 0) > threshold);
  if (crossed.length)
    await tx
      .insert(lowStockAlerts)
      .values(crossed.map((p) => ({ productId: p.id, stock: p.stock, threshold })));
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
