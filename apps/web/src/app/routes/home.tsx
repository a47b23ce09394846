import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { FilterPanel } from '../../features/product/components/filter-panel';
import { MobileFilters } from '../../features/product/components/mobile-filters';
import { ProductGrid } from '../../features/product/components/product-grid';
import { SortMenu } from '../../features/product/components/sort-menu';
import { useProductListing } from '../../features/product/use-product-listing';
import { paths } from '../../config/paths';
import { useFilterSections } from '../use-filter-sections';
import { FestivalBanner } from '../layout/festival-banner';
import { PageFrame } from '../layout/page-frame';

/** SPEC §2 listing: banner, title, sort, filters, grid and pager; its state lives in the URL. */
export default function HomePage() {
  const sections = useFilterSections();
  const {
    products,
    totalItems,
    loading,
    error,
    search,
    page,
    pageSize,
    sortKey,
    setSort,
    filterProps,
    listTop,
    goToPage,
    retry,
  } = useProductListing({
    admin: false,
    sections,
  });


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
          <SortMenu value={sortKey} onChange={setSort} />
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
                <button type="button" className={buttonClasses('primary')} onClick={retry}>
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
              pageSize={pageSize}
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
