import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { AdminOrderDetail } from '../../../features/order/admin/admin-order-detail';
import { fetchOrderById, selectViewOrder } from '../../../features/order/order-slice';
import { useOrderStatusChange } from '../../../features/order/use-order-status-change';
import { responsiveImage } from '../../../features/product/components/product-image';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { PageFrame } from '../../layout/page-frame';

/**
 * Admin order detail: the order chosen in the list (viewOrder). Its id also rides in the query (?id=)
 * so a reload fetches it again; only when no order can be found does it go to / (docs/product.md, Routes).
 */
export default function AdminOrderDetailPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const id = params.get('id');
  const viewOrder = useAppSelector(selectViewOrder);
  const [missing, setMissing] = useState(false);
  const { updatingId, change } = useOrderStatusChange();
  const order = viewOrder && (id === null || String(viewOrder.id) === id) ? viewOrder : null;
  const needsFetch = order === null && id !== null && /^\d+$/.test(id);

  useEffect(() => {
    if (!needsFetch || id === null) return;
    let active = true;
    void dispatch(fetchOrderById(id))
      .unwrap()
      .catch(() => active && setMissing(true));
    return () => {
      active = false;
    };
  }, [dispatch, id, needsFetch]);

  if (!order && (!needsFetch || missing)) return <Navigate to={paths.home} replace />;

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
          <AdminOrderDetail
            order={order}
            onStatusChange={(s) => void change(order, s)}
            updating={updatingId === order.id}
            imageFor={responsiveImage}
          />
        </>
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}
