import { Link, Navigate, useParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { AdminProductDetail } from '../../../features/product/admin/admin-product-detail';
import { useLoadedProduct } from '../../../features/product/use-loaded-product';
import { PageFrame } from '../../layout/page-frame';

export default function AdminProductDetailPage() {
  const { id = '' } = useParams();
  const product = useLoadedProduct(id);

  if (product === null) return <Navigate to={paths.notFound} replace />;

  return (
    <PageFrame>
      <nav aria-label="Breadcrumb" className="mb-6">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-soft">
          <li>
            <Link to={paths.admin} className="font-medium text-teal hover:underline">
              Products
            </Link>
          </li>
          {product && (
            <>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li>{product.category}</li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="font-medium text-ink">
                {product.title}
              </li>
            </>
          )}
        </ol>
      </nav>
      {product ? <AdminProductDetail product={product} /> : <PageSpinner />}
    </PageFrame>
  );
}
