import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ProductCard, type CardProduct } from '../components/product-card';

export function AdminProductCard({ product, eager }: { product: CardProduct; eager: boolean }) {
  return (
    <div className="flex h-full flex-col gap-2">
      <div className="flex-1">
        <ProductCard product={product} href={paths.adminProductDetail(product.id)} eager={eager} />
      </div>
      <Link
        to={paths.adminProductEdit(product.id)}
        aria-label={`Edit ${product.title}`}
        className={buttonClasses('outline', 'sm', 'w-full')}
      >
        <Pencil aria-hidden="true" className="size-3.5" />
        Edit
      </Link>
    </div>
  );
}
