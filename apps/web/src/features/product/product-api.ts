import type {
  Product,
  ProductBody,
  ProductList,
  ProductPatch,
  ProductSuggestion,
} from '@shop/shared/product';
import { MAX_SUGGESTIONS } from '@shop/shared/constants';
import { api, toQuery } from '../../lib/api-client';

/** The listing's query: filter groups repeat their key, sort and paging use json-server's names. */
export interface ProductQuery {
  filter?: { category?: readonly string[]; brand?: readonly string[]; search?: string };
  sort?: { _sort?: string; _order?: 'asc' | 'desc' };
  pagination?: { _page?: number; _per_page?: number };
  /** True on the admin list (includes deleted products), false for shoppers. */
  admin?: boolean;
}

/** The GET paths of the listing and of one product, also used to fetch them before their page loads. */
export const productPaths = {
  list: ({ filter = {}, sort = {}, pagination = {}, admin = false }: ProductQuery) =>
    `/products${toQuery({
      category: filter.category,
      brand: filter.brand,
      search: filter.search?.trim(),
      _sort: sort._sort,
      _order: sort._sort ? sort._order : undefined,
      _page: pagination._page,
      _per_page: pagination._per_page,
      admin,
    })}`,
  one: (id: number | string) => `/products/${encodeURIComponent(String(id))}`,
};

export const productApi = {
  list: (query: ProductQuery, signal?: AbortSignal) => api<ProductList>(productPaths.list(query), { signal }),
  get: (id: number | string) => api<Product>(productPaths.one(id)),
  create: (body: ProductBody) => api<Product>('/products/', { method: 'POST', body }),
  update: (id: number, patch: ProductPatch) =>
    api<Product>(`/products/${id}`, { method: 'PATCH', body: patch }),
  suggest: (q: string, signal?: AbortSignal) =>
    api<ProductSuggestion[]>(`/products/suggest${toQuery({ q, limit: MAX_SUGGESTIONS })}`, { signal }),
};
