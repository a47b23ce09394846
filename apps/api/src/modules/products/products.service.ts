import { eq } from 'drizzle-orm';
import { discountedPaise, rupeesToPaise, type Product, type ProductBody, type ProductPatch } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { products } from './products.table.ts';
import { PRODUCT_NOT_FOUND, toProduct } from './products.queries.ts';

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
    stock: b.stock,
    thumbnail: b.thumbnail,
    images: b.images,
    colors: b.colors,
    sizes: b.sizes,
    highlights: b.highlights,
    hsn: b.hsn ?? null,
    gstRatePercent: b.gstRatePercent ?? null,
    countryOfOrigin: b.countryOfOrigin ?? 'India',
    deleted: b.deleted ?? false,
  };
}

/** A new product's rating is 0 (docs/product.md, Constants). */
export async function createProduct(db: Db, body: ProductBody): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({ ...productValues(body), rating: 0 })
    .returning();
  return toProduct(row!);
}

/** The rating is kept (docs/product.md, Catalogue calls). */
export async function updateProduct(db: Db, id: number, patch: ProductPatch): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    const { price, ...rest } = patch;
    const pricePaise = price === undefined ? row.pricePaise : rupeesToPaise(price);
    const discountPercentage = patch.discountPercentage ?? row.discountPercentage;
    const [updated] = await tx
      .update(products)
      .set({
        ...rest,
        pricePaise,
        discountPercentage,
        discountedPricePaise: discountedPaise(pricePaise, discountPercentage),
        updatedAt: new Date(),
      })
      .where(eq(products.id, row.id))
      .returning();
    return toProduct(updated!);
  });
}
