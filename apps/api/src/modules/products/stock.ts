import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { discountedPaise, outOfStockMessage, type VariantRef } from '@shop/shared';
import { named, type ColumnValue, type Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { variantTitle, type LowStockCrossing } from './low-stock.ts';
import { products, productSummaryColumns, productVariants } from './products.table.ts';

// One conditional statement per product, then one per variant of it (decision 036), in id order and
// always the product's row before its variants' (as an owner's edit locks them): no deadlocks.

export interface StockLine {
  productId: number;
  /** The colour × size sold, for a product with stock per variant. */
  variantId: number | null;
  quantity: number;
  title: string;
}

interface ProductLines {
  productId: number;
  title: string;
  quantity: number;
  variants: Map<number, number>;
}

function perProduct(lines: StockLine[]): ProductLines[] {
  const sum = new Map<number, ProductLines>();
  for (const l of lines) {
    const p = sum.get(l.productId) ?? { productId: l.productId, title: l.title, quantity: 0, variants: new Map<number, number>() };
    p.quantity += l.quantity;
    if (l.variantId !== null) p.variants.set(l.variantId, (p.variants.get(l.variantId) ?? 0) + l.quantity);
    sum.set(l.productId, p);
  }
  return [...sum.values()].sort((a, b) => a.productId - b.productId);
}

const byId = (m: Map<number, number>) => [...m].sort(([a], [b]) => a - b);

const snapshotColumns = {
  ...productSummaryColumns,
  hsn: products.hsn,
  gstRatePercent: products.gstRatePercent,
  // Left after the sale, for the low-stock alert.
  stock: products.stock,
  stockPerVariant: products.stockPerVariant,
  sizeUnit: products.sizeUnit,
  colorImages: products.colorImages,
};
export type ProductSnapshot = {
  [K in keyof typeof snapshotColumns]: ColumnValue<(typeof snapshotColumns)[K]>;
};

const variantSnapshotColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  color: productVariants.color,
  size: productVariants.size,
  pricePaise: productVariants.pricePaise,
  stock: productVariants.stock,
};
export type VariantSnapshot = { [K in keyof typeof variantSnapshotColumns]: ColumnValue<(typeof variantSnapshotColumns)[K]> };

export interface Taken {
  products: Map<number, ProductSnapshot>;
  variants: Map<number, VariantSnapshot>;
}

/**
 * Throws 409 for the first short line. `live` refuses deleted products; an admin restoring an order
 * does not. A line of a product with stock per variant needs its variant: a line added before the
 * owner switched the product has none to take and is short.
 */
export async function takeStock(tx: Tx, lines: StockLine[], live: boolean): Promise<Taken> {
  const taken: Taken = { products: new Map(), variants: new Map() };
  for (const line of perProduct(lines)) {
    const [row] = await named(
      tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}` })
        .where(
          and(
            eq(products.id, line.productId),
            gte(products.stock, line.quantity),
            live ? eq(products.deleted, false) : undefined,
          ),
        )
        .returning(snapshotColumns),
      live ? 'take_stock_live' : 'take_stock',
    );
    if (!row) throw conflict(outOfStockMessage(line.title));
    taken.products.set(row.id, row);
    if (!row.stockPerVariant) continue;
    const variantTotal = [...line.variants.values()].reduce((a, b) => a + b, 0);
    if (variantTotal !== line.quantity) throw conflict(outOfStockMessage(line.title));
    for (const [variantId, quantity] of byId(line.variants)) {
      const [variant] = await named(
        tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${quantity}` })
          .where(
            and(
              eq(productVariants.id, variantId),
              eq(productVariants.productId, line.productId),
              gte(productVariants.stock, quantity),
            ),
          )
          .returning(variantSnapshotColumns),
        'take_variant_stock',
      );
      if (!variant) throw conflict(outOfStockMessage(line.title));
      taken.variants.set(variant.id, variant);
    }
  }
  return taken;
}

/**
 * Puts stock back where it was taken: on the variant while the product sells it, on the product when
 * it has one shared stock again; a variant the owner stopped selling takes nothing back.
 */
export async function returnStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of perProduct(lines)) {
    const [product] = await tx
      .select({ stockPerVariant: products.stockPerVariant })
      .from(products)
      .where(eq(products.id, line.productId))
      .for('update');
    if (!product) continue;
    let back = line.quantity;
    if (product.stockPerVariant) {
      back = 0;
      for (const [variantId, quantity] of byId(line.variants)) {
        const [variant] = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${quantity}` })
          .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, line.productId)))
          .returning({ id: productVariants.id });
        if (variant) back += quantity;
      }
    }
    if (back > 0)
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${back}` })
        .where(eq(products.id, line.productId));
  }
}

/**
 * A cart line as sold: at its variant's price (less the product's discount) when the variant has one,
 * pictured by its colour's own first photo when the colour has photos.
 */
export function soldAs<L extends StockLine & { color: string }>(line: L, taken: Taken) {
  const stocked = taken.products.get(line.productId)!;
  const photo = stocked.colorImages.find((c) => c.color === line.color.toLowerCase())?.images[0];
  const product = photo ? { ...stocked, thumbnail: photo } : stocked;
  const v = line.variantId === null || !product.stockPerVariant ? undefined : taken.variants.get(line.variantId);
  const variant: VariantRef | null = v ? { id: v.id, sku: v.sku, color: v.color, size: v.size } : null;
  if (v?.pricePaise == null) return { ...line, product, variant };
  const priced = { ...product, pricePaise: v.pricePaise, discountedPricePaise: discountedPaise(v.pricePaise, product.discountPercentage) };
  return { ...line, product: priced, variant };
}

/** The same snapshot as `takeStock` gives, without taking any: for stock held earlier (an exchange). */
export async function stockSnapshot(tx: Tx, lines: StockLine[]): Promise<Taken> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const variantIds = lines.map((l) => l.variantId).filter((v): v is number => v !== null);
  const [ps, vs] = await Promise.all([
    tx.select(snapshotColumns).from(products).where(inArray(products.id, productIds)),
    variantIds.length ? tx.select(variantSnapshotColumns).from(productVariants).where(inArray(productVariants.id, variantIds)) : Promise.resolve([]),
  ]);
  return { products: new Map(ps.map((p) => [p.id, p])), variants: new Map(vs.map((v) => [v.id, v])) };
}

/** What is left after the sale, where the low-stock level is counted. */
export function lowStockLevels(taken: Taken): LowStockCrossing[] {
  const plain = [...taken.products.values()]
    .filter((p) => !p.stockPerVariant)
    .map((p) => ({ id: p.id, variantId: null, title: p.title, stock: p.stock }));
  const variants = [...taken.variants.values()].map((v) => ({
    id: v.productId,
    variantId: v.id,
    title: variantTitle(taken.products.get(v.productId)!.title, v),
    stock: v.stock,
  }));
  return [...plain, ...variants];
}
