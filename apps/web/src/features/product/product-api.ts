import type {
  Product,
  ProductBody,
  ProductList,
  ProductPatch,
  ProductSuggestion,
} from '@shop/shared/product';
import { MAX_SUGGESTIONS } from '@shop/shared/constants';
import { api, toQuery } from '../../lib/api-client';

/** The listing's query (SPEC §7): filter groups repeat their key, sort and paging use json-server's names. */
export interface ProductQuery {
  filter?: { category?: readonly string[]; brand?: readonly string[]; search?: string };
  sort?: { _sort?: string; _order?: 'asc' | 'desc' };
  pagination?: { _page?: number; _per_page?: number };
  /** SPEC §6: true on the admin list (includes deleted products), false for shoppers. */
  admin?: boolean;
}

export const productApi = {
  list: ({ filter = {}, sort = {}, pagination = {}, admin = false }: ProductQuery, signal?: AbortSignal) =>
    api<ProductList>(
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
      { signal },
    ),
  get: (id: number | string) => api<Product>(`/products/${encodeURIComponent(String(id))}`),
  create: (body: ProductBody) => api<Product>('/products/', { method: 'POST', body }),
  update: (id: number, patch: ProductPatch) =>
    api<Product>(`/products/${id}`, { method: 'PATCH', body: patch }),
  suggest: (q: string, signal?: AbortSignal) =>
    api<ProductSuggestion[]>(`/products/suggest${toQuery({ q, limit: MAX_SUGGESTIONS })}`, { signal }),
};
