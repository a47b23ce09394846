import type { ShiprocketAccount, ShiprocketAccountBody } from '@shop/shared/shipping-schemas';
import { baseApi, onReply } from '../../lib/base-api';

/** docs/product.md, Shipments: the owner's Shiprocket API user, saved apart from the other settings. */
export const couriersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** null until the owner first saves one; the password is never sent back, only whether one is set. */
    getShiprocketAccount: build.query<ShiprocketAccount | null, void>({
      query: () => '/shipping/couriers/shiprocket',
    }),
    /** Without `password` the saved one is kept. Which couriers staff can book with ('Settings') follows. */
    saveShiprocketAccount: build.mutation<ShiprocketAccount, ShiprocketAccountBody>({
      query: (body) => ({ path: '/shipping/couriers/shiprocket', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (saved) => void dispatch(couriersApi.util.upsertQueryData('getShiprocketAccount', undefined, saved))),
    }),
  }),
});

export const { useGetShiprocketAccountQuery, useSaveShiprocketAccountMutation } = couriersApi;
