import type { Product, ProductFacets, ProductList, ProductSuggestion } from '@shop/shared/product';
import { MAX_SUGGESTIONS } from '@shop/shared/constants';
import type { PincodeAnswer } from '@shop/shared/pin';
import { toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';
import { productPaths, type ProductQuery } from './product-paths';

export const productApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /products with the filter groups repeated; `admin` true only on the admin list. */
    getProducts: build.query<ProductList, ProductQuery>({
      query: productPaths.list,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getProduct: build.query<Product, string>({
      query: productPaths.one,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
    /** The fabrics and occasions live products carry: the listing's filters by detail. */
    getProductFacets: build.query<ProductFacets, void>({
      query: () => '/product-facets',
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    suggestProducts: build.query<ProductSuggestion[], string>({
      query: (q) => `/products/suggest${toQuery({ q, limit: MAX_SUGGESTIONS })}`,
    }),
    /** Whether the shop delivers to a PIN, by when, and whether it takes cash there. */
    checkDelivery: build.query<PincodeAnswer, string>({
      query: (pin) => `/pincodes/${encodeURIComponent(pin)}`,
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetProductFacetsQuery,
  useSuggestProductsQuery,
  useCheckDeliveryQuery,
} = productApi;
