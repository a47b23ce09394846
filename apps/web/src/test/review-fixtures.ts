import type { AdminReview, Review, ReviewPage } from '@shop/shared/reviews';

/** A published review as the API answers it (docs/product.md, Reviews). */
export function aReview(over: Partial<Review> = {}): Review {
  return {
    id: 1,
    productId: 7,
    rating: 5,
    title: 'Lovely drape',
    body: 'The silk is soft and the zari shines.',
    photos: [],
    author: 'Asha K.',
    verifiedPurchase: true,
    status: 'published',
    reply: null,
    repliedAt: null,
    createdAt: '2026-11-20T06:30:00.000Z',
    ...over,
  };
}

export function aReviewPage(over: Partial<ReviewPage> = {}): ReviewPage {
  return {
    summary: { average: 4.3, count: 3, stars: [0, 0, 0, 2, 1] },
    reviews: [aReview()],
    total: 3,
    page: 1,
    pageSize: 10,
    ...over,
  };
}

export function anAdminReview(over: Partial<AdminReview> = {}): AdminReview {
  return { ...aReview(), productTitle: 'Kanjivaram Silk Saree', customerName: 'Asha Krishnan', customerEmail: 'asha@example.com', ...over };
}
