import type { PincodeRules } from '@shop/shared/delivery';
import { baseApi } from '../../lib/base-api';

/** docs/product.md, Delivery: the owner's PIN lists, saved apart from the other settings. */
export const pincodeRulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPincodeRules: build.query<PincodeRules, void>({
      query: () => '/delivery/pincode-rules',
      providesTags: ['Settings'],
    }),
    savePincodeRules: build.mutation<PincodeRules, PincodeRules>({
      query: (body) => ({ path: '/delivery/pincode-rules', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetPincodeRulesQuery, useSavePincodeRulesMutation } = pincodeRulesApi;
