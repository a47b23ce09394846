import { Link, Navigate, useSearchParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { AdminOrderDetail } from '../../../features/order/admin/admin-order-detail';
import { useAdminOrder } from '../../../features/order/admin/use-admin-order';
import { responsiveImage } from '../../../features/product/components/product-image';
import { PageFrame } from '../../layout/page-frame';
import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { useAppSelector } from '../../../lib/store-hooks';

/**
 * Admin order detail: the order chosen in the list, its id in the query (?id=) so a reload reads it
 * again; only when no order can be found does it go to / (docs/product.md, Routes).
 */
export default function AdminOrderDetailPage() {
  const [params] = useSearchParams();
  const order = useAdminOrder(params.get('id'));
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';

  if (order === null) return <Navigate to={paths.home} replace />;

  return (
    <PageFrame>
      <Link
        to={paths.adminOrders}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-teal hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All Orders
      </Link>
      {order ? (
        <>
          <header className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold text-ink">Order #{order.id}</h1>
              <p className="mt-1 text-ink-soft">
                {order.totalItems} {order.totalItems === 1 ? 'item' : 'items'} for{' '}
                {order.selectedAddress.name}
              </p>
            </div>
            <Link to={paths.adminPackingSlips([order.id])} className={buttonClasses('outline')}>
              <Printer aria-hidden="true" className="size-4" />
              Packing slip
            </Link>
          </header>
          <AdminOrderDetail order={order} imageFor={responsiveImage} isOwner={isOwner} />
        </>
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}
