import type { ShippingQuote } from '@shop/shared/shipping';
import { toQuery } from '../../lib/api-client';
import { offersBaseApi } from './cart-offers-api';

export interface ShippingQuoteKey {
  /** The delivery address's PIN code. */
  pin: string;
  /**
   * The cart's lines and quantities (`id×quantity,…`): not sent, the server reads the cart; a change of
   * it asks again, since cart writes change the cached cart in place instead of invalidating it.
   */
  cart: string;
}

/**
 * docs/product.md, Shipping charges: the charge for the signed-in shopper's cart to a PIN, as the checkout
 * takes it: on the goods after their promotions, so asked again when the cart's code changes (`Offers`).
 */
export const shippingQuoteApi = offersBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getShippingQuote: build.query<ShippingQuote, ShippingQuoteKey>({
      query: ({ pin }) => `/shipping/quote${toQuery({ pin })}`,
      providesTags: ['Cart', 'Offers'],
    }),
  }),
});

export const { useGetShippingQuoteQuery } = shippingQuoteApi;
