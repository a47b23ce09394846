import type { Dashboard } from '@shop/shared/order';
import { toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, { from?: string; to?: string }>({
      query: (period) => `/dashboard${toQuery(period)}`,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
