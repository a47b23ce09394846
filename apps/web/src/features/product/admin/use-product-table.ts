import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductTable } from '@shop/shared/product';
import { api, toQuery } from '../../../lib/api-client';

/** Query of the admin's product table; kept here, in the admin chunk, not in the shop's product API. */
interface ProductTableQuery {
  search?: string;
  state?: string;
  _sort: string;
  _order: 'asc' | 'desc';
  _page: number;
  _per_page: number;
}
const fetchTable = (q: ProductTableQuery, signal: AbortSignal) =>
  api<ProductTable>(`/products/admin${toQuery({ ...q })}`, { signal });

export const TABLE_STATES = [
  { value: '', label: 'All products' },
  { value: 'live', label: 'On sale' },
  { value: 'lowStock', label: 'Low stock' },
  { value: 'outOfStock', label: 'Out of stock' },
  { value: 'deleted', label: 'Deleted' },
] as const;
export const TABLE_SORTS = ['stock', 'title', 'price', 'discountPercentage'] as const;
export type TableSort = (typeof TABLE_SORTS)[number];
export const TABLE_PAGE_SIZE = 25;

/**
 * The admin's dense product table (issue 16), its search, state, sort and page in the URL
 * (?view=table&search&state&sort&order&page) like the grid's.
 */
export function useProductTable() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const state = TABLE_STATES.some((s) => s.value === params.get('state')) ? (params.get('state') ?? '') : '';
  const sortParam = params.get('sort') as TableSort | null;
  const sort: TableSort = sortParam && TABLE_SORTS.includes(sortParam) ? sortParam : 'stock';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [data, setData] = useState<ProductTable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    fetchTable(
      {
        search: search || undefined,
        state: state || undefined,
        _sort: sort,
        _order: order,
        _page: page,
        _per_page: TABLE_PAGE_SIZE,
      },
      ctrl.signal,
    )
      .then((d) => {
        setData(d);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(e instanceof Error ? e.message : 'Something went wrong');
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [search, state, sort, order, page]);

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };

  return {
    data,
    error,
    loading,
    search,
    state,
    sort,
    order,
    page,
    setSearch: (s: string) => update({ search: s.trim() || undefined }),
    setState: (s: string) => update({ state: s || undefined }),
    /** A header click sorts ascending; again on the same column, descending (as All Orders). */
    sortBy: (key: TableSort) =>
      update({ sort: key, order: key === sort && order === 'asc' ? 'desc' : 'asc' }),
    goToPage: (p: number) => update({ page: p > 1 ? String(p) : undefined }),
  };
}
