import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PackageSearch, Plus } from 'lucide-react';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import {
  fetchBrands,
  fetchCategories,
  selectBrands,
  selectCategories,
} from '../../../features/catalog/catalog-slice';
import { AdminProductGrid } from '../../../features/product/admin/admin-product-grid';
import { FilterPanel, type FilterSection } from '../../../features/product/components/filter-panel';
import { MobileFilters } from '../../../features/product/components/mobile-filters';
import { SortMenu, sortByKey } from '../../../features/product/components/sort-menu';
import {
  fetchProductsByFilters,
  selectAllProducts,
  selectProductError,
  selectProductListStatus,
  selectTotalItems,
} from '../../../features/product/product-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { PageFrame } from '../../layout/page-frame';

const FILTER_KEYS = ['category', 'brand'] as const;

/**
 * SPEC §2 Admin product list: the listing with admin=true, so deleted and out-of-stock products show
 * with their badges. Its state lives in the URL, so Cancel on the form returns to the same page.
 */
export default function AdminProductsPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const products = useAppSelector(selectAllProducts);
  const totalItems = useAppSelector(selectTotalItems);
  const status = useAppSelector(selectProductListStatus);
  const error = useAppSelector(selectProductError);
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  const fetched = useRef(false);
  const listTop = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);

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
        filter: selected,
        sort: sort ? { _sort: sort.sort, _order: sort.order } : {},
        pagination: { _page: page, _per_page: ITEMS_PER_PAGE },
        admin: true,
      }),
    );
    return () => request.abort();
  }, [dispatch, selected, sort, page, attempt]);

  const loading = status === 'loading' || !fetched.current;

  /** Applies a change to the query; anything but paging starts again at page 1 (SPEC §4). */
  function update(change: (next: URLSearchParams) => void, keepPage = false) {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    setParams(next);
  }

  // SPEC §4: a change in the total count also starts again at page 1 (the admin list as the listing).
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
    <PageFrame>
      <div
        ref={listTop}
        className="flex scroll-mt-24 flex-col gap-4 border-b border-sand pb-6 sm:flex-row sm:items-end sm:justify-between"
      >
        <div>
          <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-ink">Products</h1>
          <p className="mt-1 text-ink-soft">
            Every product in the catalogue, including deleted and out-of-stock ones.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 self-end sm:self-auto">
          {loading && products.length > 0 && <Spinner size="sm" />}
          <MobileFilters {...filterProps} />
          <SortMenu
            value={sort ? sortParam : null}
            onChange={(key) => update((next) => next.set('sort', key))}
          />
          <Link to={paths.adminProductForm} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Add Product
          </Link>
        </div>
      </div>

      <div className="pt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <FilterPanel {...filterProps} className="sticky top-24" />
        </aside>

        <section aria-label="Product list" className="min-w-0">
          {error && !loading ? (
            <EmptyState
              title="We could not load the products"
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
            <AdminProductGrid
              products={products}
              loading={loading}
              empty={
                <EmptyState
                  icon={<PackageSearch className="size-8" />}
                  title="No products found"
                  message="No product matches these filters."
                  action={
                    <Link to={paths.adminProductForm} className={buttonClasses('primary')}>
                      Add Product
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
