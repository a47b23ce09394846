import type { PublicShopSettings, ShopSettings } from '@shop/shared/settings';
import { baseApi, onReply } from '../../lib/base-api';
import type { RootState } from '../../lib/store';

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The shop's public details, read once per visit (they change only when the admin saves them here). */
    getShopSettings: build.query<PublicShopSettings, void>({
      query: () => '/settings',
      keepUnusedDataFor: Infinity,
    }),
    getAdminShopSettings: build.query<ShopSettings, void>({
      query: () => '/settings/admin',
      providesTags: ['Settings'],
    }),
    /** The footer and the checkout show what was saved at once; the stock alert moves the low-stock lists. */
    saveShopSettings: build.mutation<ShopSettings, ShopSettings>({
      query: (body) => ({ path: '/settings', method: 'PUT', body }),
      invalidatesTags: ['Dashboard', { type: 'Product', id: 'LIST' }],
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (saved) => {
          const { lowStockThreshold: _threshold, ...shop } = saved;
          void dispatch(settingsApi.util.upsertQueryData('getShopSettings', undefined, shop));
          dispatch(settingsApi.util.updateQueryData('getAdminShopSettings', undefined, () => saved));
        }),
    }),
  }),
});

export const { useGetShopSettingsQuery, useGetAdminShopSettingsQuery, useSaveShopSettingsMutation } =
  settingsApi;

export const selectShopSettings = (state: RootState) =>
  settingsApi.endpoints.getShopSettings.select()(state).data;
