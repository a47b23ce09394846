import type { CategorySizeChart } from '@shop/shared/product';
import { baseApi } from '../../lib/base-api';

const byCategory = (category: string) => `/size-charts/${encodeURIComponent(category)}`;

/** Category size charts (decision 036), for the admin; the shop reads a product's chart with the product. */
export const sizeChartsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSizeCharts: build.query<{ charts: CategorySizeChart[] }, void>({
      query: () => '/size-charts',
      providesTags: ['Catalog'],
    }),
    // A product's page shows its category's chart: the cached products change with it.
    saveSizeChart: build.mutation<CategorySizeChart, CategorySizeChart>({
      query: ({ category, chart }) => ({ path: byCategory(category), method: 'PUT', body: chart }),
      invalidatesTags: ['Catalog', 'Product'],
    }),
    deleteSizeChart: build.mutation<{ category: string }, string>({
      query: (category) => ({ path: byCategory(category), method: 'DELETE' }),
      invalidatesTags: ['Catalog', 'Product'],
    }),
  }),
});

export const { useGetSizeChartsQuery, useSaveSizeChartMutation, useDeleteSizeChartMutation } = sizeChartsApi;
