import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ORDERS_PER_PAGE } from '@shop/shared/constants';
import { ORDER_SORT_KEYS } from '@shop/shared/order';
import type { Order } from '@shop/shared/order';
import { useGetAdminOrdersQuery, type OrderFilters } from '../order-api';
import { DEFAULT_ORDER_SORT, nextSort, type OrderSort, type OrderSortKey } from './orders-table';

const NO_ORDERS: Order[] = [];
const SINGLE_KEYS = ['paymentMethod', 'confirmation', 'from', 'to'] as const;

/** The list's filters and `confirmation=awaiting`: the cash orders the shopper has not confirmed yet. */
export interface AdminOrderFilters extends OrderFilters {
  confirmation?: string;
}
const isSortKey = (v: string | null): v is OrderSortKey => ORDER_SORT_KEYS.includes(v as OrderSortKey);

/** The filters as the URL holds them, under the API's own names; empty ones left out. */
export function readOrderFilters(params: URLSearchParams): AdminOrderFilters {
  const f: AdminOrderFilters = {};
  const search = params.get('search')?.trim();
  if (search) f.search = search;
  const status = params.getAll('status').filter(Boolean);
  if (status.length) f.status = status;
  for (const key of SINGLE_KEYS) {
    const v = params.get(key);
    if (v) f[key] = v;
  }
  return f;
}

export function useAdminOrders() {
  const [params, setParams] = useSearchParams();
  const top = useRef<HTMLDivElement>(null);

  const sortParam = params.get('sort');
  const sort: OrderSort = isSortKey(sortParam)
    ? { key: sortParam, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
    : DEFAULT_ORDER_SORT;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filterKey = JSON.stringify(readOrderFilters(params));
  const filters = useMemo(() => JSON.parse(filterKey) as AdminOrderFilters, [filterKey]);

  const { data, isError, isFetching } = useGetAdminOrdersQuery({
    sort: { _sort: sort.key, _order: sort.order },
    pagination: { _page: page, _per_page: ORDERS_PER_PAGE },
    filters,
  });
  const orders = data?.products ?? NO_ORDERS;
  const totalOrders = data?.totalOrders ?? 0;
  const loadedOnce = data !== undefined || isError;

  // A page past the end (fewer orders than before, or a stale link) starts again at page 1.
  useEffect(() => {
    if (loadedOnce && !isFetching && page > Math.max(1, Math.ceil(totalOrders / ORDERS_PER_PAGE))) {
      const next = new URLSearchParams(params);
      next.delete('page');
      setParams(next, { replace: true });
    }
  }, [loadedOnce, isFetching, page, totalOrders, params, setParams]);

  return {
    orders,
    totalOrders,
    /** False until the first answer: the page shows a spinner rather than an empty table. */
    loadedOnce,
    loading: isFetching,
    sort,
    page,
    filters,
    /** Replaces the filters; a new filter starts again at page 1, like a new sort. */
    setFilters: (f: AdminOrderFilters) => {
      const next = new URLSearchParams(params);
      for (const key of ['search', 'status', ...SINGLE_KEYS, 'page']) next.delete(key);
      if (f.search?.trim()) next.set('search', f.search.trim());
      for (const s of f.status ?? []) next.append('status', s);
      for (const key of SINGLE_KEYS) if (f[key]) next.set(key, f[key]);
      setParams(next);
    },
    pageSize: ORDERS_PER_PAGE,
    /** Put on the element the page scrolls back to when the page number changes. */
    top,
    onSort: (key: OrderSortKey) => {
      const s = nextSort(sort, key);
      const next = new URLSearchParams(params);
      next.set('sort', s.key);
      next.set('order', s.order);
      next.delete('page');
      setParams(next);
    },
    goToPage: (p: number) => {
      const next = new URLSearchParams(params);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      setParams(next);
      top.current?.scrollIntoView({ block: 'start' });
    },
  };
}
