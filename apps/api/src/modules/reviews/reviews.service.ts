import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewList,
  type Review,
  type ReviewBody,
  type ReviewSort,
  type ReviewStatus,
  type ReviewSummary,
} from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { orderItems, orders } from '../orders/orders.table.ts';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';
import { reviews } from './reviews.table.ts';

export type ReviewRow = typeof reviews.$inferSelect;

const ADMIN_PAGE_SIZE = 20;

/** docs/product.md, Reviews: others see the first name and the last name's initial, never more. */
export function authorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A shopper';
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first;
}

export function toReview(row: ReviewRow, fullName: string): Review {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    photos: row.photos,
    author: authorName(fullName),
    verifiedPurchase: true,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const withAuthor = { review: reviews, name: users.name };

/** A placed order of theirs (cash included) holding the product, not cancelled: "verified purchase". */
export async function hasBought(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, productId)))
    .where(and(eq(orders.userId, userId), eq(orders.listed, true), sql`${orders.status} <> 'cancelled'`))
    .limit(1);
  return row !== undefined;
}

export async function reviewOf(db: DbOrTx, productId: number, userId: number): Promise<Review | null> {
  const [row] = await db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row ? toReview(row.review, row.name) : null;
}

export async function insertReview(tx: Tx, values: { productId: number; userId: number; status: ReviewStatus; body: ReviewBody }): Promise<ReviewRow> {
  const { body } = values;
  try {
    const [row] = await tx
      .insert(reviews)
      .values({ productId: values.productId, userId: values.userId, status: values.status, rating: body.rating, title: body.title, body: body.body, photos: body.photos })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'reviews_product_user_idx')) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    throw err;
  }
}

const published = (productId: number) => and(eq(reviews.productId, productId), eq(reviews.status, 'published'));

export async function reviewSummary(db: DbOrTx, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(published(productId))
    .groupBy(reviews.rating);
  const stars: ReviewSummary['stars'] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    stars[r.rating - 1] = r.n;
    total += r.n;
    sum += r.rating * r.n;
  }
  // As the product's rating is rounded: a half tenth up (sum × 10 / total is exact at a half).
  return { average: total ? Math.round((sum * 10) / total) / 10 : 0, count: total, stars };
}

const hasPhotos = sql`jsonb_array_length(${reviews.photos}) > 0`;

function sortOrder(sort: ReviewSort): SQL[] {
  const newest = [desc(reviews.createdAt), desc(reviews.id)];
  if (sort === 'highest') return [desc(reviews.rating), ...newest];
  if (sort === 'lowest') return [asc(reviews.rating), ...newest];
  return newest;
}

/** One page of a product's published reviews in the sort asked for; "with photos" keeps only those. */
export async function publishedReviews(db: DbOrTx, productId: number, sort: ReviewSort, page: number, pageSize = REVIEWS_PAGE_SIZE) {
  const where = sort === 'photos' ? and(published(productId), hasPhotos) : published(productId);
  const [rows, [totals]] = await Promise.all([
    db
      .select(withAuthor)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(...sortOrder(sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { reviews: rows.map((r) => toReview(r.review, r.name)), total: totals?.total ?? 0 };
}

export async function listAdminReviews(db: DbOrTx, query: { status?: ReviewStatus | undefined; page: number }): Promise<AdminReviewList> {
  const where = query.status ? eq(reviews.status, query.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...withAuthor, email: users.email, productTitle: products.title })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { reviews: rows.map((r) => toAdminReview(r.review, r.name, r.email, r.productTitle)), total: totals?.total ?? 0 };
}

function toAdminReview(row: ReviewRow, name: string, email: string, productTitle: string): AdminReview {
  return { ...toReview(row, name), productTitle, customerName: name, customerEmail: email };
}

export async function adminReview(db: DbOrTx, id: number): Promise<AdminReview> {
  const [row] = await db
    .select({ ...withAuthor, email: users.email, productTitle: products.title })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return toAdminReview(row.review, row.name, row.email, row.productTitle);
}

/** The review's product, so the caller can lock it before the review changes; undefined: no such review. */
export async function reviewProductId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  return row?.productId;
}

/** The owner's change: status, and a reply (empty removes it). Returns the status before and after. */
export async function moderateReview(
  tx: Tx,
  id: number,
  patch: { status?: 'published' | 'hidden' | undefined; reply?: string | undefined },
): Promise<{ before: ReviewStatus; after: ReviewStatus }> {
  const [current] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id)).for('update');
  if (!current) throw notFound(REVIEW_MESSAGES.notFound);
  const set: Partial<typeof reviews.$inferInsert> = { updatedAt: new Date() };
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.reply !== undefined) {
    set.reply = patch.reply || null;
    set.repliedAt = patch.reply ? new Date() : null;
  }
  await tx.update(reviews).set(set).where(eq(reviews.id, id));
  return { before: current.status, after: patch.status ?? current.status };
}

/** The served page's JSON-LD: the newest few published reviews, from the product-and-status index. */
export async function headReviews(db: DbOrTx, productId: number, limit = 3): Promise<Review[]> {
  const rows = await db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(published(productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => toReview(r.review, r.name));
}
