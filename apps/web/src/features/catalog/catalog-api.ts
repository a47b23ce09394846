import type { Option } from '@shop/shared/catalog';
import { baseApi, onReply } from '../../lib/base-api';

const option = (name: string) => ({ label: name.trim(), value: name.trim() });

export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `inUse`: only the options some live product carries (the shopper's filters); the admin's lists take all. */
    getBrands: build.query<Option[], boolean>({
      query: (inUse) => (inUse ? '/brands?inUse=true' : '/brands'),
      providesTags: ['Catalog'],
    }),
    getCategories: build.query<Option[], boolean>({
      query: (inUse) => (inUse ? '/category?inUse=true' : '/category'),
      providesTags: ['Catalog'],
    }),
    // docs/product.md, State: a created brand or category is appended to the admin's list.
    /** Fails with the server's message, e.g. a duplicate name (409). */
    createBrand: build.mutation<Option, string>({
      query: (name) => ({ path: '/brands/', method: 'POST', body: option(name) }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (created) =>
          dispatch(catalogApi.util.updateQueryData('getBrands', false, (list) => void list.push(created))),
        ),
    }),
    createCategory: build.mutation<Option, string>({
      query: (name) => ({ path: '/category', method: 'POST', body: option(name) }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (created) =>
          dispatch(
            catalogApi.util.updateQueryData('getCategories', false, (list) => void list.push(created)),
          ),
        ),
    }),
  }),
});

export const { useGetBrandsQuery, useGetCategoriesQuery, useCreateBrandMutation, useCreateCategoryMutation } =
  catalogApi;

const NO_OPTIONS: Option[] = [];

export function useCatalogOptions(inUse = false) {
  const brands = useGetBrandsQuery(inUse).data ?? NO_OPTIONS;
  const categories = useGetCategoriesQuery(inUse).data ?? NO_OPTIONS;
  return { brands, categories };
}
