import type { Product, ProductBody, ProductPatch, ProductTable } from '@shop/shared/product';
import { toQuery } from '../../../lib/api-client';
import { baseApi, onReply } from '../../../lib/base-api';
import { productApi } from '../product-api';

/** Query of the admin's product table; kept here, in the admin chunk, not in the shop's product API. */
export interface ProductTableQuery {
  search?: string;
  state?: string;
  _sort: string;
  _order: 'asc' | 'desc';
  _page: number;
  _per_page: number;
}

// A product write changes the lists, the filters' options in use and the dashboard's low stock.
const CHANGED_BY_A_PRODUCT = [{ type: 'Product', id: 'LIST' }, 'Catalog', 'Dashboard'] as const;

export const productAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductTable: build.query<ProductTable, ProductTableQuery>({
      query: (q) => `/products/admin${toQuery({ ...q })}`,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    createProduct: build.mutation<Product, ProductBody>({
      query: (body) => ({ path: '/products/', method: 'POST', body }),
      invalidatesTags: CHANGED_BY_A_PRODUCT,
    }),
    /** PATCH /products/:id with any subset of fields; `{ id, deleted: true }` soft-deletes. */
    updateProduct: build.mutation<Product, ProductPatch & { id: number }>({
      query: ({ id, ...patch }) => ({ path: `/products/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: CHANGED_BY_A_PRODUCT,
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (product) =>
          dispatch(productApi.util.updateQueryData('getProduct', String(id), () => product)),
        ),
    }),
  }),
});

export const { useGetProductTableQuery, useCreateProductMutation, useUpdateProductMutation } =
  productAdminApi;

export const productsImported = () => baseApi.util.invalidateTags(['Product', 'Catalog', 'Dashboard']);
