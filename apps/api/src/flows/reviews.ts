import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE, type AdminReview, type Review, type ReviewBody, type ReviewPage, type ReviewSort } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import { PRODUCT_NOT_FOUND } from '../modules/products/products.queries.ts';
import { lockProductForReviews, productLive, refreshReviewFigures } from '../modules/products/review-figures.ts';
import {
  adminReview,
  hasBought,
  insertReview,
  moderateReview,
  publishedReviews,
  reviewOf,
  reviewProductId,
  reviewSummary,
} from '../modules/reviews/reviews.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';

// docs/product.md, Reviews: a review and its product's rating and count change in one transaction, under
// the product row's lock, so two reviews at once both count.

/** A buyer's review: published at once, or waiting for the owner when the shop approves reviews first. */
export async function writeReview(db: Db, userId: number, productId: number, body: ReviewBody): Promise<Review> {
  return db.transaction(async (tx) => {
    const product = await lockProductForReviews(tx, productId);
    if (!product || product.deleted) throw notFound(PRODUCT_NOT_FOUND);
    if (!(await hasBought(tx, userId, productId))) throw forbidden(REVIEW_MESSAGES.notBuyer);
    if (await reviewOf(tx, productId, userId)) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    const { reviewsNeedApproval } = await getShopSettings(tx);
    const row = await insertReview(tx, { productId, userId, status: reviewsNeedApproval ? 'pending' : 'published', body });
    if (row.status === 'published') await refreshReviewFigures(tx, productId);
    return (await reviewOf(tx, productId, userId))!;
  });
}

/** The owner hides, shows (approves) or replies; the product's figures follow a change of status. */
export async function changeReview(db: Db, id: number, patch: { status?: 'published' | 'hidden' | undefined; reply?: string | undefined }): Promise<{ review: AdminReview; figuresChanged: boolean }> {
  const figuresChanged = await db.transaction(async (tx) => {
    const productId = await reviewProductId(tx, id);
    if (productId === undefined) throw notFound(REVIEW_MESSAGES.notFound);
    await lockProductForReviews(tx, productId);
    const { before, after } = await moderateReview(tx, id, patch);
    if (before === after) return false;
    await refreshReviewFigures(tx, productId);
    return true;
  });
  return { review: await adminReview(db, id), figuresChanged };
}

/** The product page's reviews; signed in, the shopper's own (any status) and whether they may write one. */
export async function productReviews(db: Db, productId: number, query: { sort: ReviewSort; page: number }, userId: number | null): Promise<ReviewPage> {
  if (!(await productLive(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const [summary, page, mine] = await Promise.all([
    reviewSummary(db, productId),
    publishedReviews(db, productId, query.sort, query.page),
    userId === null ? undefined : reviewOf(db, productId, userId),
  ]);
  const result: ReviewPage = { summary, reviews: page.reviews, total: page.total, page: query.page, pageSize: REVIEWS_PAGE_SIZE };
  if (userId === null) return result;
  return { ...result, mine: mine ?? null, canReview: !mine && (await hasBought(db, userId, productId)) };
}
