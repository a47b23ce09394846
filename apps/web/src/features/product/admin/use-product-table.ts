import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { useGetProductTableQuery } from './product-admin-api';

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

/** The admin's product table, its state in the URL (?view=table&search&state&sort&order&page) like the grid's. */
export function useProductTable() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const state = TABLE_STATES.some((s) => s.value === params.get('state')) ? (params.get('state') ?? '') : '';
  const sortParam = params.get('sort') as TableSort | null;
  const sort: TableSort = sortParam && TABLE_SORTS.includes(sortParam) ? sortParam : 'stock';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, error, isFetching } = useGetProductTableQuery({
    search: search || undefined,
    state: state || undefined,
    _sort: sort,
    _order: order,
    _page: page,
    _per_page: TABLE_PAGE_SIZE,
  });

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
    error: error ? errorText(error) : null,
    loading: isFetching,
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
