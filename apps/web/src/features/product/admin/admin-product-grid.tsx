import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { ProductCard, ProductCardSkeleton, type CardProduct } from '../components/product-card';

export interface AdminProductGridProps {
  products: readonly CardProduct[];
  loading: boolean;
  empty: ReactNode;
}

const gridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4';

/** The admin list's cards: each opens the admin product page and carries its own Edit link (SPEC §2). */
export function AdminProductGrid({ products, loading, empty }: AdminProductGridProps) {
  if (loading && products.length === 0) {
    return (
      <div className={gridClass} aria-busy="true">
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
    <ul aria-busy={loading} aria-label="Products" className={cx(gridClass, loading && 'opacity-60')}>
      {products.map((p, i) => (
        <li key={p.id} className="flex flex-col gap-2">
          <div className="flex-1">
            <ProductCard product={p} href={paths.adminProductDetail(p.id)} eager={i < 4} />
          </div>
          <Link
            to={paths.adminProductEdit(p.id)}
            aria-label={`Edit ${p.title}`}
            className={buttonClasses('outline', 'sm', 'w-full')}
          >
            <Pencil aria-hidden="true" className="size-3.5" />
            Edit
          </Link>
        </li>
      ))}
    </ul>
  );
}
