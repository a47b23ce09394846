import { toQuery } from '../../lib/api-client';

/** The listing's query: filter groups repeat their key, sort and paging use json-server's names. */
export interface ProductQuery {
  filter?: {
    category?: readonly string[];
    brand?: readonly string[];
    fabric?: readonly string[];
    occasion?: readonly string[];
    search?: string;
  };
  sort?: { _sort?: string; _order?: 'asc' | 'desc' };
  pagination?: { _page?: number; _per_page?: number };
  /** True on the admin list (includes deleted products), false for shoppers. */
  admin?: boolean;
}

/** The listing's and a product's GET paths. boot.ts builds them too: no library here (decision 020). */
export const productPaths = {
  list: ({ filter = {}, sort = {}, pagination = {}, admin = false }: ProductQuery) =>
    `/products${toQuery({
      category: filter.category,
      brand: filter.brand,
      fabric: filter.fabric,
      occasion: filter.occasion,
      search: filter.search?.trim(),
      _sort: sort._sort,
      _order: sort._sort ? sort._order : undefined,
      _page: pagination._page,
      _per_page: pagination._per_page,
      admin,
    })}`,
  one: (id: number | string) => `/products/${encodeURIComponent(String(id))}`,
};
