import type { CartItem } from '@shop/shared/cart';
import type { CartOffers } from '@shop/shared/promotions';
import { toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';

export interface CartOffersKey {
  /** `card`: as an order paid online would get them (its prepaid offers in); none: cash, or not chosen yet. */
  method?: 'card';
  /**
   * The cart's lines and quantities (`id×quantity,…`): not sent, the server reads the cart; a change of it
   * asks again, since cart writes change the cached cart in place instead of invalidating it.
   */
  cart: string;
}

export const cartKey = (items: readonly CartItem[]) => items.map((i) => `${i.id}x${i.quantity}`).join(',');

/**
 * docs/product.md, Promotions: what the signed-in shopper's cart gets, and the code kept with it. A code
 * applied or removed reads the offers and the shipping quote again (a code may ship free); whatever reads
 * the cart again (`Cart`, e.g. a promotion the owner edits) reads them again too.
 */
export const offersBaseApi = baseApi.enhanceEndpoints({ addTagTypes: ['Offers'] });

export const cartOffersApi = offersBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getCartOffers: build.query<CartOffers, CartOffersKey>({
      query: ({ method }) => `/cart/offers${toQuery({ method })}`,
      providesTags: ['Cart', 'Offers'],
    }),
    /** Refused (and not kept) with the server's words: expired, not started, minimum not met, used up … */
    applyPromoCode: build.mutation<CartOffers, string>({
      query: (code) => ({ path: '/cart/promo-code', method: 'POST', body: { code } }),
      invalidatesTags: (offers) => (offers ? ['Offers'] : []),
    }),
    removePromoCode: build.mutation<CartOffers, void>({
      query: () => ({ path: '/cart/promo-code', method: 'DELETE' }),
      invalidatesTags: ['Offers'],
    }),
  }),
});

export const { useGetCartOffersQuery, useApplyPromoCodeMutation, useRemovePromoCodeMutation } = cartOffersApi;
