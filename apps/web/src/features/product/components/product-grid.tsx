import type { ReactNode } from 'react';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import { cx } from '../../../components/ui/cx';
import { ProductCardSkeleton, type CardProduct } from './product-card';

export interface ProductGridProps {
  products: readonly CardProduct[];
  loading: boolean;
  /** The card slot: one product as this grid shows it (its index tells the first row apart). */
  renderCard: (product: CardProduct, index: number) => ReactNode;
  /** Shown when loading is over and there is nothing to show. */
  empty?: ReactNode;
  className?: string;
}

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4';

/** The listing grid: skeleton cards on the first load, the previous page dimmed while the next one loads. */
export function ProductGrid({ products, loading, renderCard, empty, className }: ProductGridProps) {
  if (loading && products.length === 0) {
    return (
      <div className={cx(gridClass, className)} aria-busy="true">
        <span role="status" className="sr-only">
          Loading...
        </span>
        {Array.from({ length: ITEMS_PER_PAGE }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <ul
      aria-busy={loading}
      aria-label="Products"
      className={cx(
        gridClass,
        'transition-opacity motion-reduce:transition-none',
        loading && 'opacity-60',
        className,
      )}
    >
      {products.map((p, i) => (
        <li key={p.id}>{renderCard(p, i)}</li>
      ))}
    </ul>
  );
}
