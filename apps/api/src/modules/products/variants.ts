import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import {
  compareSizes,
  discountedPaise,
  paiseToRupees,
  rupeesToPaise,
  sizeNumber,
  type ProductVariant,
  type VariantBody,
} from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, isUniqueViolation } from '../../lib/errors.ts';
import { productVariants } from './products.table.ts';

// Decision 036: stock per colour × size. The product's stock, colours and sizes are derived from here
// in the statement that writes the variants.

export type VariantRow = typeof productVariants.$inferSelect;
type Pricing = { pricePaise: number; discountPercentage: number };

export function toVariant(v: Pick<VariantRow, 'id' | 'sku' | 'color' | 'size' | 'stock' | 'pricePaise'> & { weightGrams?: number | null }, p: Pricing): ProductVariant {
  const pricePaise = v.pricePaise ?? p.pricePaise;
  return {
    id: v.id,
    sku: v.sku,
    color: v.color,
    size: v.size,
    stock: v.stock,
    price: v.pricePaise === null ? null : paiseToRupees(v.pricePaise),
    discountedPrice: paiseToRupees(discountedPaise(pricePaise, p.discountPercentage)),
    weightGrams: v.weightGrams ?? null,
  };
}

/** One query for any number of products (no N+1), in the order the owner listed them. */
export async function loadVariants(db: DbOrTx, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  return byProduct;
}

/** What the product's own columns say of its variants: colours in the owner's order, sizes as sold. */
export function derivedFromVariants(variants: readonly VariantBody[]) {
  const colors = [...new Set(variants.map((v) => v.color))];
  const sizeLabels = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
  return {
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    colors,
    sizes: sizeLabels.map(sizeNumber),
    sizeLabels,
  };
}

/** A product's variants as rows, in the owner's order. */
export function variantRows(productId: number, variants: readonly VariantBody[]) {
  return variants.map((v, position) => ({
    productId,
    color: v.color,
    size: v.size,
    sku: v.sku,
    pricePaise: v.price === null ? null : rupeesToPaise(v.price),
    stock: v.stock,
    weightGrams: v.weightGrams ?? null,
    position,
  }));
}

/**
 * Replaces a product's variants, keeping each colour × size's id (cart lines and order items point
 * at it). A variant no longer sold goes; its cart lines go with it, its order items keep their snapshot.
 */
export async function saveVariants(tx: Tx, productId: number, variants: readonly VariantBody[]): Promise<void> {
  const keep = variants.map((v) => `${v.color} ${v.size}`);
  await tx.execute(
    keep.length === 0
      ? sql`delete from ${productVariants} where ${productVariants.productId} = ${productId}`
      : sql`delete from ${productVariants} where ${productVariants.productId} = ${productId}
          and not ((${productVariants.color} || ' ' || ${productVariants.size}) = any(${sql.param(keep)}::text[]))`,
  );
  if (variants.length === 0) return;
  const skus = variants.flatMap((v) => (v.sku === null ? [] : [v.sku.toLowerCase()]));
  if (skus.length > 0) {
    const taken = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(sql`lower(${productVariants.sku}) = any(${sql.param(skus)}::text[])`, ne(productVariants.productId, productId)))
      .limit(1);
    if (taken[0]) throw badRequest(`SKU ${taken[0].sku} is already used by another product`);
  }
  // Clear the SKUs first: two variants of one product may swap theirs in one save.
  await tx.execute(sql`update ${productVariants} set sku = null where ${productVariants.productId} = ${productId}`);
  try {
    await tx
      .insert(productVariants)
      .values(variantRows(productId, variants))
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.color, productVariants.size],
        set: {
          sku: sql`excluded.sku`,
          pricePaise: sql`excluded.price_paise`,
          stock: sql`excluded.stock`,
          weightGrams: sql`excluded.weight_grams`,
          position: sql`excluded.position`,
        },
      });
  } catch (err) {
    if (isUniqueViolation(err, 'product_variants_sku_idx')) throw badRequest('A SKU is already used by another product');
    throw err;
  }
}

