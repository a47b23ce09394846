import { ITEMS_PER_PAGE, OFFERS_SORT, SORT_OPTIONS } from '@shop/shared/constants';
import type { ProductQuery } from './product-paths';

export type SortOption = (typeof SORT_OPTIONS)[number] | typeof OFFERS_SORT;

/** URL-friendly key of a sort option: "Price: Low to High" → "price-low-to-high". */
export const sortKey = (o: SortOption) =>
  o.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const sortByKey = (key: string | null): SortOption | undefined =>
  [...SORT_OPTIONS, OFFERS_SORT].find((o) => sortKey(o) === key);

/** The filter groups a listing's URL repeats: the catalogue's, then the products' details (decision 036). */
export const FILTER_KEYS = ['category', 'brand', 'fabric', 'occasion'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** What a listing page's URL asks for (?search, ?category…, ?brand…, ?fabric…, ?occasion…, ?sort, ?page). */
export interface ListingState {
  search: string;
  sort: SortOption | undefined;
  page: number;
  selected: Record<FilterKey, readonly string[]>;
}

export function readListing(params: URLSearchParams): ListingState {
  return {
    search: params.get('search')?.trim() ?? '',
    sort: sortByKey(params.get('sort')),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    selected: {
      category: params.getAll('category'),
      brand: params.getAll('brand'),
      fabric: params.getAll('fabric'),
      occasion: params.getAll('occasion'),
    },
  };
}

/** The products request for a listing state; the shop's listing and the admin list differ only in `admin`. */
export function listingQuery({ search, sort, page, selected }: ListingState, admin: boolean): ProductQuery {
  return {
    // docs/product.md, Page frame: the listing filters by the search text too.
    filter: { ...selected, search },
    sort: sort ? { _sort: sort.sort, _order: sort.order } : {},
    pagination: { _page: page, _per_page: ITEMS_PER_PAGE },
    admin,
  };
}
