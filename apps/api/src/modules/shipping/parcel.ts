import { inArray } from 'drizzle-orm';
import { volumetricGrams } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { products, productVariants } from '../products/products.table.ts';

export interface ParcelLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

export interface ParcelWeight {
  /** What the goods weigh: a variant's own weight, else its product's, else the shop's default. */
  actualGrams: number;
  /** The boxes' volumetric weight, for the products that give one. */
  volumetricGrams: number;
  /** The largest box, for the courier's booking; null when no product gives one. */
  largestBoxCm: { length: number; breadth: number; height: number } | null;
}

/** docs/product.md, Shipping charges: two queries for any number of lines. */
export async function parcelWeight(db: DbOrTx, lines: readonly ParcelLine[], defaultGrams: number): Promise<ParcelWeight> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const variantIds = [...new Set(lines.flatMap((l) => (l.variantId === null ? [] : [l.variantId])))];
  const [productRows, variantRows] = await Promise.all([
    productIds.length
      ? db
          .select({ id: products.id, weightGrams: products.weightGrams, packageCm: products.packageCm })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    variantIds.length
      ? db
          .select({ id: productVariants.id, weightGrams: productVariants.weightGrams })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds))
      : [],
  ]);
  const byProduct = new Map(productRows.map((p) => [p.id, p]));
  const variantGrams = new Map(variantRows.map((v) => [v.id, v.weightGrams]));
  let actual = 0;
  let volumetric = 0;
  let largest: ParcelWeight['largestBoxCm'] = null;
  for (const l of lines) {
    const p = byProduct.get(l.productId);
    const grams = (l.variantId !== null ? variantGrams.get(l.variantId) : null) ?? p?.weightGrams ?? defaultGrams;
    actual += grams * l.quantity;
    if (p?.packageCm) {
      volumetric += volumetricGrams(p.packageCm) * l.quantity;
      const box = p.packageCm;
      if (!largest || box.length * box.breadth * box.height > largest.length * largest.breadth * largest.height) largest = box;
    }
  }
  return { actualGrams: actual, volumetricGrams: volumetric, largestBoxCm: largest };
}
