import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { WISHLIST_MAX_ITEMS } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';
import { wishlistItems } from './wishlist.table.ts';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A shopper's wishlist with each product as it is now, newest first (docs/product.md, Wishlist). */
export async function wishlistRows(db: DbOrTx, userId: number) {
  return db
    .select({
      productId: wishlistItems.productId,
      addedAt: wishlistItems.addedAt,
      title: products.title,
      brand: products.brand,
      category: products.category,
      thumbnail: products.thumbnail,
      pricePaise: products.pricePaise,
      discountedPricePaise: products.discountedPricePaise,
      stock: products.stock,
      deleted: products.deleted,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
}

/**
 * Keeps a product at `mailedPricePaise` unless the shopper already keeps it (then nothing changes) or
 * keeps the most they may: one statement, so a repeated PUT is a no-op.
 */
export async function keepItem(db: DbOrTx, userId: number, productId: number, mailedPricePaise: number, addedAt = new Date()): Promise<'added' | 'kept' | 'full'> {
  const inserted = await rows<{ product_id: number }>(
    db,
    sql`insert into ${wishlistItems} (user_id, product_id, mailed_price_paise, added_at)
        select ${userId}, ${productId}, ${mailedPricePaise}, ${addedAt.toISOString()}::timestamptz
        where (select count(*) from ${wishlistItems} where user_id = ${userId}) < ${WISHLIST_MAX_ITEMS}
        on conflict (user_id, product_id) do nothing
        returning product_id`,
  );
  if (inserted.length > 0) return 'added';
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return row ? 'kept' : 'full';
}

export async function dropItem(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function keptProductIds(db: DbOrTx, userId: number): Promise<Set<number>> {
  const found = await db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return new Set(found.map((r) => r.productId));
}

/** The live products among `ids`, for pricing what a shopper keeps. */
export async function liveProducts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, category: products.category, brand: products.brand, discountedPricePaise: products.discountedPricePaise, title: products.title })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.deleted, false)));
}

export interface PriceWatchRow {
  userId: number;
  productId: number;
  mailedPricePaise: number;
  discountedPricePaise: number;
  category: string;
  brand: string;
  title: string;
  /** The shopper takes price-drop mails. */
  mails: boolean;
  /** …and was not mailed one in the last 24 hours. */
  due: boolean;
}

/**
 * The wishlisted live products whose price may differ from the one last told: without a sale only the
 * rows whose price moved (`discounted_price_paise <> mailed_price_paise`), with a sale live every row,
 * since the sale's price is worked out in the app.
 */
export async function priceWatchRows(db: DbOrTx, saleLive: boolean): Promise<PriceWatchRow[]> {
  return rows<PriceWatchRow>(
    db,
    sql`select w.user_id as "userId", w.product_id as "productId", w.mailed_price_paise as "mailedPricePaise",
               p.discounted_price_paise as "discountedPricePaise", p.category, p.brand, p.title,
               (u.price_drop_mails and u.deleted_at is null) as mails,
               (u.price_drop_mails and u.deleted_at is null and (u.price_drop_mailed_at is null or u.price_drop_mailed_at < now() - interval '24 hours')) as due
        from ${wishlistItems} w
        join ${products} p on p.id = w.product_id and not p.deleted
        join ${users} u on u.id = w.user_id
        where ${saleLive ? sql`true` : sql`p.discounted_price_paise <> w.mailed_price_paise`}`,
  );
}

/** New marks told to no one: a price that went up (a later drop back is news again), or any for a shopper who takes no mails. */
export async function moveMarks(db: DbOrTx, marks: { userId: number; productId: number; pricePaise: number }[]): Promise<void> {
  for (const m of marks) await setMailedPrice(db, m.userId, m.productId, m.pricePaise);
}

export async function setMailedPrice(db: DbOrTx, userId: number, productId: number, pricePaise: number): Promise<void> {
  await db.update(wishlistItems).set({ mailedPricePaise: pricePaise }).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** docs/product.md, My Profile: a deleted account keeps no wishlist. */
export async function emptyWishlist(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
