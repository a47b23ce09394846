import { Link } from 'react-router';
import { PackageSearch, Plus } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { AdminProductGrid } from '../../../features/product/admin/admin-product-grid';
import { FilterPanel } from '../../../features/product/components/filter-panel';
import { MobileFilters } from '../../../features/product/components/mobile-filters';
import { SortMenu } from '../../../features/product/components/sort-menu';
import { useProductListing } from '../../../features/product/use-product-listing';
import { useFilterSections } from '../../use-filter-sections';
import { PageFrame } from '../../layout/page-frame';

/**
 * SPEC §2 Admin product list: the listing with admin=true, so deleted and out-of-stock products show
 * with their badges. Its state lives in the URL, so Cancel on the form returns to the same page.
 */
export default function AdminProductsPage() {
  const sections = useFilterSections();
  const {
    products,
    totalItems,
    loading,
    error,
    page,
    pageSize,
    sortKey,
    setSort,
    filterProps,
    listTop,
    goToPage,
    retry,
  } = useProductListing({ admin: true, sections });

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
          <SortMenu value={sortKey} onChange={setSort} />
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
                <button type="button" className={buttonClasses('primary')} onClick={retry}>
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
