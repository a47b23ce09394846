import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import type { Product } from '@shop/shared/product';
import { errorText } from '../../lib/error-text';
import type { FilterPanelProps, FilterSection } from './components/filter-panel';
import { listingQuery, readListing } from './listing-query';
import { useGetProductsQuery } from './product-api';

const FILTER_KEYS = ['category', 'brand'] as const;
const SEP = '\u0000';
const NO_PRODUCTS: Product[] = [];

/**
 * A product listing whose state lives in the URL (?search, ?category…, ?brand…, ?sort, ?page), so
 * back/forward and shared links show the same page. Used by the shop's listing and the admin list.
 */
export function useProductListing({
  admin,
  sections,
}: {
  admin: boolean;
  sections: readonly FilterSection[];
}) {
  const [params, setParams] = useSearchParams();
  const listTop = useRef<HTMLDivElement>(null);

  const { search, sort, page, selected: fromUrl } = readListing(params);
  const sortParam = params.get('sort');
  const categoryKey = fromUrl.category.join(SEP);
  const brandKey = fromUrl.brand.join(SEP);
  const selected = useMemo(
    () => ({
      category: categoryKey ? categoryKey.split(SEP) : [],
      brand: brandKey ? brandKey.split(SEP) : [],
    }),
    [categoryKey, brandKey],
  );

  const query = useMemo(
    () => listingQuery({ search, sort, page, selected }, admin),
    [search, sort, page, selected, admin],
  );
  // `data` is the last list answered: the grid keeps it, dimmed, while another page or filter loads.
  const { data, isFetching, error: failure, refetch } = useGetProductsQuery(query);
  const products = data?.products ?? NO_PRODUCTS;
  const totalItems = data?.totalProducts ?? 0;
  const loading = isFetching;
  const error = failure ? errorText(failure) : null;

  /** Applies a change to the query; anything but paging starts again at page 1 (docs/product.md, Listing). */
  function update(change: (next: URLSearchParams) => void, keepPage = false) {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    setParams(next);
  }

  // A change in the total count starts again at page 1; so does a page past the end (a stale link).
  const lastTotal = useRef<number | null>(null);
  useEffect(() => {
    if (loading || error) return;
    const changed = lastTotal.current !== null && lastTotal.current !== totalItems;
    lastTotal.current = totalItems;
    const pastEnd = page > Math.max(1, Math.ceil(totalItems / ITEMS_PER_PAGE));
    if ((changed || pastEnd) && page > 1) {
      const next = new URLSearchParams(params);
      next.delete('page');
      setParams(next, { replace: true });
    }
  }, [loading, error, totalItems, page, params, setParams]);

  const filterProps: FilterPanelProps = {
    sections,
    selected,
    onToggle: (key, value, checked) =>
      update((next) => {
        const values = next.getAll(key).filter((v) => v !== value);
        if (checked) values.push(value);
        next.delete(key);
        for (const v of values) next.append(key, v);
      }),
    onClear: () => update((next) => FILTER_KEYS.forEach((k) => next.delete(k))),
  };

  return {
    products,
    totalItems,
    loading,
    error,
    search,
    page,
    pageSize: ITEMS_PER_PAGE,
    sortKey: sort ? sortParam : null,
    setSort: (key: string) => update((next) => next.set('sort', key)),
    filterProps,
    /** Put on the element the page scrolls back to when the page number changes. */
    listTop,
    goToPage: (p: number) => {
      update((next) => (p > 1 ? next.set('page', String(p)) : next.delete('page')), true);
      listTop.current?.scrollIntoView({ block: 'start' });
    },
    retry: () => {
      void refetch();
    },
  };
}
