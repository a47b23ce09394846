import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@shop/shared/messages';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState, type EmptyStateProps } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useProductListing } from '../use-product-listing';
import { FilterPanel, type FilterSection } from './filter-panel';
import { MobileFilters } from './mobile-filters';
import type { CardProduct } from './product-card';
import { ProductGrid } from './product-grid';
import { SortMenu } from './sort-menu';

export interface ProductListingProps {
  /** The admin list asks with admin=true and so also sees deleted and out-of-stock products. */
  admin: boolean;
  sections: readonly FilterSection[];
  heading: ReactNode;
  /** More controls beside Sort (the admin's Add Product). */
  actions?: ReactNode;
  renderCard: (product: CardProduct, index: number) => ReactNode;
  errorTitle: string;
  /** What an empty result says besides `No products found`. */
  empty: Omit<EmptyStateProps, 'title'>;
  stickyFilters?: boolean;
}

/** What the listing shows: the state `useProductListing` keeps, or a still picture of it (the first paint). */
export type ListingState = ReturnType<typeof useProductListing>;

export function ProductListing({ admin, sections, ...view }: ProductListingProps) {
  const listing = useProductListing({ admin, sections });
  return <ProductListingView listing={listing} {...view} />;
}

/**
 * The listing as drawn from its state. The server draws the home page's first paint with it too
 * (src/first-paint.server.tsx), so the page a phone shows before the scripts run is this same markup.
 */
export function ProductListingView({
  listing,
  heading,
  actions,
  renderCard,
  errorTitle,
  empty,
  stickyFilters,
}: Omit<ProductListingProps, 'admin' | 'sections'> & { listing: ListingState }) {
  const { pathname } = useLocation();
  const { products, loading, error, search, filterProps } = listing;

  return (
    <>
      <div
        ref={listing.listTop}
        className="flex scroll-mt-24 flex-col gap-4 border-b border-sand pb-6 sm:flex-row sm:items-end sm:justify-between"
      >
        <div>
          {heading}
          {search && (
            <p className="mt-3 text-sm text-ink">
              Results for <span className="font-semibold">“{search}”</span>{' '}
              <Link to={pathname} className="ml-1 font-medium text-teal underline-offset-4 hover:underline">
                Clear search
              </Link>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 self-end sm:self-auto">
          {loading && products.length > 0 && <Spinner size="sm" />}
          <MobileFilters {...filterProps} />
          <SortMenu value={listing.sortKey} onChange={listing.setSort} />
          {actions}
        </div>
      </div>

      <div className="pt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <FilterPanel {...filterProps} className={cx(stickyFilters && 'sticky top-24')} />
        </aside>

        <section id="collection" aria-labelledby="product-list-title" className="min-w-0">
          {/* The cards' titles are h3; on a phone the Filters h2 is hidden, so the list names itself. */}
          <h2 id="product-list-title" className="sr-only">
            Product list
          </h2>
          {error && !loading ? (
            <EmptyState
              title={errorTitle}
              message={error}
              action={
                <button type="button" className={buttonClasses('primary')} onClick={listing.retry}>
                  Try again
                </button>
              }
            />
          ) : (
            <ProductGrid
              products={products}
              loading={loading}
              renderCard={renderCard}
              empty={<EmptyState title={MESSAGES.noProducts} {...empty} />}
            />
          )}
          {!error && (
            <Pagination
              page={listing.page}
              pageSize={listing.pageSize}
              totalItems={listing.totalItems}
              onPageChange={listing.goToPage}
              className="mt-10"
            />
          )}
        </section>
      </div>
    </>
  );
}
