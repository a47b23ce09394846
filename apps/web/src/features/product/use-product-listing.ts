import { useEffect, useMemo, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import type { Product, ProductFacets } from '@shop/shared/product';
import { errorText } from '../../lib/error-text';
import type { FilterPanelProps, FilterSection } from './components/filter-panel';
import { FILTER_KEYS, listingQuery, readListing } from './listing-query';
import { useGetProductFacetsQuery, useGetProductsQuery } from './product-api';

const SEP = '\u0000';
const NO_PRODUCTS: Product[] = [];

/** Fabric and Occasion, after the catalogue's groups: the details some live product carries. */
export function facetSections(facets: ProductFacets | undefined): FilterSection[] {
  const options = (values: readonly string[] = []) => values.map((v) => ({ value: v, label: v }));
  return [
    { id: 'fabric', name: 'Fabric', options: options(facets?.fabrics) },
    { id: 'occasion', name: 'Occasion', options: options(facets?.occasions) },
  ].filter((s) => s.options.length > 0);
}

/**
 * A product listing whose state lives in the URL (?search, ?category…, ?brand…, ?fabric…, ?occasion…,
 * ?sort, ?page), so back/forward and shared links show the same page. Used by the shop's listing (which
 * adds the Fabric and Occasion groups) and the admin list.
 */
export function useProductListing({
  admin,
  sections: catalogueSections,
}: {
  admin: boolean;
  sections: readonly FilterSection[];
}) {
  const [params, setParams] = useSearchParams();
  const listTop = useRef<HTMLDivElement>(null);
  const { currentData: facets } = useGetProductFacetsQuery(admin ? skipToken : undefined);
  const sections = useMemo(
    () => (admin ? catalogueSections : [...catalogueSections, ...facetSections(facets)]),
    [admin, catalogueSections, facets],
  );

  const { search, sort, page, selected: fromUrl } = readListing(params);
  const sortParam = params.get('sort');
  // One string per group, so the query stays the same object while the URL's choices do.
  const keys = FILTER_KEYS.map((k) => fromUrl[k].filter(Boolean).join(SEP)).join(SEP + SEP);
  const selected = useMemo(() => {
    const groups = keys.split(SEP + SEP);
    return Object.fromEntries(
      FILTER_KEYS.map((k, i) => [k, groups[i] ? groups[i].split(SEP) : []]),
    ) as Record<(typeof FILTER_KEYS)[number], string[]>;
  }, [keys]);

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
