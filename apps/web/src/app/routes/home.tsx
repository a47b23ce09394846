import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import {
  fetchBrands,
  fetchCategories,
  selectBrands,
  selectCategories,
} from '../../features/catalog/catalog-slice';
import { FilterPanel, type FilterSection } from '../../features/product/components/filter-panel';
import { MobileFilters } from '../../features/product/components/mobile-filters';
import { ProductGrid } from '../../features/product/components/product-grid';
import { SortMenu, sortByKey } from '../../features/product/components/sort-menu';
import {
  fetchProductsByFilters,
  selectAllProducts,
  selectProductError,
  selectProductListStatus,
  selectTotalItems,
} from '../../features/product/product-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { FestivalBanner } from '../layout/festival-banner';
import { PageFrame } from '../layout/page-frame';

const FILTER_KEYS = ['category', 'brand'] as const;

/**
 * SPEC §2 listing. Its state lives in the URL (?search, ?category…, ?brand…, ?sort, ?page) so
 * back/forward and shared links show the same page.
 */
export default function HomePage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const products = useAppSelector(selectAllProducts);
  const totalItems = useAppSelector(selectTotalItems);
  const status = useAppSelector(selectProductListStatus);
  const error = useAppSelector(selectProductError);
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  const listTop = useRef<HTMLDivElement>(null);
  const fetched = useRef(false);
  const [attempt, setAttempt] = useState(0);

  const search = params.get('search')?.trim() ?? '';
  const sortParam = params.get('sort');
  const sort = sortByKey(sortParam);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const categoryKey = params.getAll('category').join('\u0000');
  const brandKey = params.getAll('brand').join('\u0000');
  const selected = useMemo(
    () => ({
      category: categoryKey ? categoryKey.split('\u0000') : [],
      brand: brandKey ? brandKey.split('\u0000') : [],
    }),
    [categoryKey, brandKey],
  );

  useEffect(() => {
    void dispatch(fetchBrands());
    void dispatch(fetchCategories());
  }, [dispatch]);

  useEffect(() => {
    fetched.current = true;
    const request = dispatch(
      fetchProductsByFilters({
        // DESIGN fix: the listing filters by the search text too.
        filter: { ...selected, search },
        sort: sort ? { _sort: sort.sort, _order: sort.order } : {},
        pagination: { _page: page, _per_page: ITEMS_PER_PAGE },
        admin: false,
      }),
    );
    return () => request.abort();
  }, [dispatch, selected, search, sort, page, attempt]);

  const loading = status === 'loading' || !fetched.current;
  const totalPages = Math.max(1, Math.ceil(totalItems / ITEMS_PER_PAGE));

  /** Applies a change to the query; anything but paging starts again at page 1 (SPEC §4). */
  function update(change: (next: URLSearchParams) => void, keepPage = false) {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    setParams(next);
  }

  // A page past the end (a stale link, or fewer results than before) starts again at page 1.
  useEffect(() => {
    if (!loading && !error && page > totalPages) {
      const next = new URLSearchParams(params);
      next.delete('page');
      setParams(next, { replace: true });
    }
  }, [loading, error, page, totalPages, params, setParams]);

  const sections: FilterSection[] = [
    { id: 'category', name: 'Category', options: categories },
    { id: 'brand', name: 'Brand', options: brands },
  ];
  const filterProps = {
    sections,
    selected,
    onToggle: (key: string, value: string, checked: boolean) =>
      update((next) => {
        const values = next.getAll(key).filter((v) => v !== value);
        if (checked) values.push(value);
        next.delete(key);
        for (const v of values) next.append(key, v);
      }),
    onClear: () => update((next) => FILTER_KEYS.forEach((k) => next.delete(k))),
  };

  function goToPage(p: number) {
    update((next) => (p > 1 ? next.set('page', String(p)) : next.delete('page')), true);
    listTop.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <PageFrame before={<FestivalBanner />}>
      <div
        ref={listTop}
        className="scroll-mt-24 flex flex-col gap-4 border-b border-sand pb-6 sm:flex-row sm:items-end sm:justify-between"
      >
        <div>
          <h1 className="text-3xl font-bold text-ink sm:text-4xl">All Products</h1>
          <p className="mt-1 text-ink-soft">Discover our amazing collection</p>
          {search && (
            <p className="mt-3 text-sm text-ink">
              Results for <span className="font-semibold">“{search}”</span>{' '}
              <Link to={paths.home} className="ml-1 font-medium text-teal underline-offset-4 hover:underline">
                Clear search
              </Link>
            </p>
          )}
        </div>
        <div className="flex items-center gap-2 self-end sm:self-auto">
          {loading && products.length > 0 && <Spinner size="sm" />}
          <MobileFilters {...filterProps} />
          <SortMenu
            value={sort ? sortParam : null}
            onChange={(key) => update((next) => next.set('sort', key))}
          />
        </div>
      </div>

      <div className="pt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <FilterPanel {...filterProps} />
        </aside>

        <section id="collection" aria-label="Product list" className="min-w-0">
          {error && !loading ? (
            <EmptyState
              title="We could not load the collection"
              message={error}
              action={
                <button
                  type="button"
                  className={buttonClasses('primary')}
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  Try again
                </button>
              }
            />
          ) : (
            <ProductGrid
              products={products}
              loading={loading}
              hrefFor={(p) => paths.productDetail(p.id)}
              empty={
                <EmptyState
                  icon={<SearchX className="size-8" />}
                  title="No products found"
                  message="Try another search, or clear the filters to see the whole collection."
                  action={
                    <Link to={paths.home} className={buttonClasses('primary')}>
                      Show all products
                    </Link>
                  }
                />
              }
            />
          )}
          {!error && (
            <Pagination
              page={page}
              pageSize={ITEMS_PER_PAGE}
              totalItems={totalItems}
              onPageChange={goToPage}
              className="mt-10"
            />
          )}
        </section>
      </div>
    </PageFrame>
  );
}
