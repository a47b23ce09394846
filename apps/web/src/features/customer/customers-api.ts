import type { CustomerDetail, CustomerList } from '@shop/shared/reviews';
import { API_BASE, toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';

/** As the API pages its list. */
export const CUSTOMERS_PAGE_SIZE = 20;

/** The CSV of the customers the search finds: a plain link, the session cookie rides along. */
export const customersCsvUrl = (search: string) =>
  `${API_BASE}/customers/export${toQuery({ search: search.trim() })}`;

/** Admin → Customers: read only; a new order or review shows on the next visit (no cache kept past it). */
export const customersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Customer'] }).injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerList, { search: string; page: number }>({
      query: ({ search, page }) =>
        `/customers${toQuery({ search: search.trim(), page: page > 1 ? page : undefined })}`,
      providesTags: [{ type: 'Customer', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    getCustomer: build.query<CustomerDetail, number>({
      query: (id) => `/customers/${id}`,
      providesTags: (_c, _e, id) => [{ type: 'Customer', id }],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useListCustomersQuery, useGetCustomerQuery } = customersApi;
