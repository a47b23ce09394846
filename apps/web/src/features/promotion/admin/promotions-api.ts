import type { Promotion, PromotionDetail } from '@shop/shared/promotions';
import type { PromotionBody } from '@shop/shared/promotions-schemas';
import { API_BASE, toQuery } from '../../../lib/api-client';
import { baseApi } from '../../../lib/base-api';

/** `GET /api/promotions`: one page of the shop's promotions, newest first. */
export interface PromotionList {
  promotions: Promotion[];
  total: number;
}

/** `POST /api/promotions/{id}/codes`: how many codes this batch made and how many the promotion has. */
export interface PromotionCodesMade {
  created: number;
  batchCodes: number;
}

/** As the API pages its list. */
export const PROMOTIONS_PAGE_SIZE = 20;

/** The batch codes as a CSV file: a plain link, the session cookie rides along. */
export const promotionCodesCsvUrl = (id: number) => `${API_BASE}/promotions/${id}/codes.csv`;

const LIST = { type: 'Promotion', id: 'LIST' } as const;
const one = (id: number) => ({ type: 'Promotion' as const, id });

/**
 * The owner's promotions. A write also reads the products (an automatic sale shows on them) and the
 * cart's offers again.
 */
export const promotionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Promotion'] }).injectEndpoints({
  endpoints: (build) => ({
    listPromotions: build.query<PromotionList, { page: number }>({
      query: ({ page }) => `/promotions${toQuery({ page: page > 1 ? page : undefined })}`,
      providesTags: (list) => [LIST, ...(list?.promotions ?? []).map((p) => one(p.id))],
    }),
    getPromotion: build.query<PromotionDetail, number>({
      query: (id) => `/promotions/${id}`,
      providesTags: (_p, _e, id) => [one(id)],
    }),
    createPromotion: build.mutation<Promotion, PromotionBody>({
      query: (body) => ({ path: '/promotions', method: 'POST', body }),
      invalidatesTags: (p) => (p ? [LIST, 'Product', 'Cart'] : []),
    }),
    updatePromotion: build.mutation<Promotion, { id: number; body: Partial<PromotionBody> }>({
      query: ({ id, body }) => ({ path: `/promotions/${id}`, method: 'PATCH', body }),
      invalidatesTags: (p, _e, { id }) => (p ? [LIST, one(id), 'Product', 'Cart'] : [one(id)]),
    }),
    /** Refused with 409 once an order used it: then it can only be switched off. */
    deletePromotion: build.mutation<void, number>({
      query: (id) => ({ path: `/promotions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [one(id)] : [LIST, 'Product', 'Cart']),
    }),
    makePromotionCodes: build.mutation<PromotionCodesMade, { id: number; count: number; prefix: string }>({
      query: ({ id, count, prefix }) => ({ path: `/promotions/${id}/codes`, method: 'POST', body: { count, prefix } }),
      invalidatesTags: (made, _e, { id }) => (made ? [LIST, one(id)] : []),
    }),
  }),
});

export const {
  useListPromotionsQuery,
  useGetPromotionQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useDeletePromotionMutation,
  useMakePromotionCodesMutation,
} = promotionsApi;
