import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { products } from './products.table.ts';

/**
 * The product row, locked for the rest of the transaction: a review written or moderated meanwhile waits,
 * so the recount below always sees every review committed before it (docs/product.md, Reviews).
 */
export async function lockProductForReviews(tx: Tx, productId: number): Promise<{ id: number; deleted: boolean } | undefined> {
  const [row] = await tx
    .select({ id: products.id, deleted: products.deleted })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

/**
 * `rating` and `review_count` from the product's published reviews. With none, the rating it had stays
 * (a shop's ratings from before reviews do not drop to 0). The update fires `products_changed`.
 */
export async function refreshReviewFigures(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`
    update ${products} set
      review_count = f.n,
      rating = case when f.n > 0 then round(f.average, 1)::float8 else ${products.rating} end
    from (
      select count(*)::int as n, avg(${reviews.rating}) as average
      from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'published'
    ) f
    where ${products.id} = ${productId}`);
}

export async function productLive(db: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await db.select({ deleted: products.deleted }).from(products).where(eq(products.id, productId));
  return row !== undefined && !row.deleted;
}
