import { eq } from 'drizzle-orm';
import { discountedPaise, rupeesToPaise, type Product, type ProductBody, type ProductPatch } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { products } from './products.table.ts';
import { PRODUCT_NOT_FOUND, toProduct } from './products.queries.ts';
import { derivedFromVariants, loadVariants, saveVariants } from './variants.ts';

/** One shared stock, or the variants' (decision 036): what the product's own columns then hold. */
function stockColumns(b: { stock?: number; colors?: string[]; sizes?: number[]; variants?: ProductBody['variants'] }) {
  if (b.variants !== undefined && b.variants.length > 0) return { ...derivedFromVariants(b.variants), stockPerVariant: true };
  const sizes = b.sizes ?? [];
  return { stock: b.stock ?? 0, colors: b.colors ?? [], sizes, sizeLabels: sizes.map(String), stockPerVariant: false };
}

export function productValues(b: ProductBody) {
  const pricePaise = rupeesToPaise(b.price);
  return {
    title: b.title,
    description: b.description,
    brand: b.brand,
    category: b.category,
    pricePaise,
    discountPercentage: b.discountPercentage,
    discountedPricePaise: discountedPaise(pricePaise, b.discountPercentage),
    ...stockColumns(b),
    thumbnail: b.thumbnail,
    images: b.images,
    highlights: b.highlights,
    hsn: b.hsn ?? null,
    gstRatePercent: b.gstRatePercent ?? null,
    countryOfOrigin: b.countryOfOrigin ?? 'India',
    sizeUnit: b.sizeUnit ?? 'in',
    colorImages: b.colorImages ?? [],
    details: b.details ?? {},
    sizeChart: b.sizeChart ?? null,
    weightGrams: b.weightGrams ?? null,
    packageCm: b.packageCm ?? null,
    returnable: b.returnable ?? true,
    deleted: b.deleted ?? false,
  };
}

/** A new product's rating is 0 (docs/product.md, Constants). */
export async function createProduct(db: Db, body: ProductBody): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...productValues(body), rating: 0 })
      .returning();
    if (body.variants?.length) await saveVariants(tx, row!.id, body.variants);
    const variants = await loadVariants(tx, [row!.id]);
    return toProduct(row!, variants.get(row!.id));
  });
}

/**
 * The rating is kept (docs/product.md, Catalogue calls). Without `variants` a product keeps its mode:
 * one with stock per variant keeps its variants' stock, colours and sizes whatever else the body says;
 * `variants: []` returns it to one shared stock of the body's (or the variants' total).
 */
export async function updateProduct(db: Db, id: number, patch: ProductPatch): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    const { price, variants, stock, colors, sizes, details, ...rest } = patch;
    const pricePaise = price === undefined ? row.pricePaise : rupeesToPaise(price);
    const discountPercentage = patch.discountPercentage ?? row.discountPercentage;
    const perVariant = variants === undefined ? row.stockPerVariant : variants.length > 0;
    if (variants !== undefined) await saveVariants(tx, row.id, variants);
    const range = perVariant
      ? variants === undefined
        ? {}
        : stockColumns({ variants })
      : stockColumns({ stock: stock ?? row.stock, colors: colors ?? row.colors, sizes: sizes ?? row.sizes });
    const [updated] = await tx
      .update(products)
      .set({
        ...rest,
        ...range,
        // The details named are replaced, the others kept, as the product's own fields are.
        ...(details === undefined ? {} : { details: { ...row.details, ...details } }),
        pricePaise,
        discountPercentage,
        discountedPricePaise: discountedPaise(pricePaise, discountPercentage),
        updatedAt: new Date(),
      })
      .where(eq(products.id, row.id))
      .returning();
    const saved = await loadVariants(tx, [row.id]);
    return toProduct(updated!, saved.get(row.id));
  });
}
