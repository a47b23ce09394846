import type { AdminReview, AdminReviewList, Review, ReviewPage, ReviewSort, ReviewStatus } from '@shop/shared/reviews';
import { toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';

/** What a shopper sends (docs/product.md, Reviews); the server checks it with reviewBodySchema. */
export interface ReviewDraft {
  rating: number;
  title: string;
  body: string;
  photos: string[];
}

export interface ReviewsArgs {
  productId: number;
  sort: ReviewSort;
  page: number;
  /** Part of the cache key: signing in or out asks again, for `mine` and `canReview`. */
  signedIn: boolean;
}

const productTag = (productId: number) => ({ type: 'Review' as const, id: `product-${productId}` });
const ADMIN = { type: 'Review' as const, id: 'ADMIN' };

export const reviewApi = baseApi.enhanceEndpoints({ addTagTypes: ['Review'] }).injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ReviewPage, ReviewsArgs>({
      query: ({ productId, sort, page }) => `/products/${productId}/reviews${toQuery({ sort: sort === 'newest' ? undefined : sort, page: page > 1 ? page : undefined })}`,
      providesTags: (_r, _e, { productId }) => [productTag(productId)],
    }),
    writeReview: build.mutation<Review, { productId: number; body: ReviewDraft }>({
      query: ({ productId, body }) => ({ path: `/products/${productId}/reviews`, method: 'POST', body }),
      // The product's rating and count change with a published review.
      invalidatesTags: (review, _e, { productId }) => (review ? [productTag(productId), ADMIN, { type: 'Product', id: String(productId) }] : []),
    }),
    /** One photo: its stored path (`/uploads/<hash>.webp`) for the review's `photos`. */
    uploadReviewPhoto: build.mutation<{ url: string }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { path: '/reviews/photos', method: 'POST', body: form };
      },
    }),
    listAdminReviews: build.query<AdminReviewList, { status: ReviewStatus | undefined; page: number }>({
      query: ({ status, page }) => `/reviews${toQuery({ status, page: page > 1 ? page : undefined })}`,
      providesTags: [ADMIN],
    }),
    moderateReview: build.mutation<AdminReview, { id: number; body: { status?: 'published' | 'hidden'; reply?: string } }>({
      query: ({ id, body }) => ({ path: `/reviews/${id}`, method: 'PATCH', body }),
      invalidatesTags: (review) => (review ? [ADMIN, productTag(review.productId), { type: 'Product', id: String(review.productId) }] : []),
    }),
  }),
});

export const {
  useGetProductReviewsQuery,
  useWriteReviewMutation,
  useUploadReviewPhotoMutation,
  useListAdminReviewsQuery,
  useModerateReviewMutation,
} = reviewApi;

/** The 400 px copy the upload pipeline stores beside each photo: enough for a thumbnail. */
export const smallPhoto = (url: string) => url.replace(/^(\/uploads\/[\w-]+)\.webp$/, '$1-400.webp');
