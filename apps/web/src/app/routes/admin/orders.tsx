import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { toast } from 'react-toastify';
import { ORDERS_PER_PAGE, type OrderStatus } from '@shop/shared/constants';
import { ORDER_SORT_KEYS, type Order } from '@shop/shared/order';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import {
  DEFAULT_ORDER_SORT,
  nextSort,
  OrdersTable,
  type OrderSort,
  type OrderSortKey,
} from '../../../features/order/admin/orders-table';
import {
  fetchAllOrders,
  selectOrders,
  selectOrderStatus,
  selectTotalOrders,
  updateOrder,
  viewOrderSet,
} from '../../../features/order/order-slice';
import { responsiveImage } from '../../../features/product/components/product-image';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { PageFrame } from '../../layout/page-frame';

const isSortKey = (v: string | null): v is OrderSortKey => ORDER_SORT_KEYS.includes(v as OrderSortKey);

/** SPEC §2 All Orders (/admin/orders and /admin/Orders). Sort and page live in the URL. */
export default function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orders = useAppSelector(selectOrders);
  const totalOrders = useAppSelector(selectTotalOrders);
  const status = useAppSelector(selectOrderStatus);
  const [updatingId, setUpdatingId] = useState<number | null>(null);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  const sortParam = params.get('sort');
  const sort: OrderSort = isSortKey(sortParam)
    ? { key: sortParam, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
    : DEFAULT_ORDER_SORT;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  useEffect(() => {
    const request = dispatch(
      fetchAllOrders({
        sort: { _sort: sort.key, _order: sort.order },
        pagination: { _page: page, _per_page: ORDERS_PER_PAGE },
      }),
    );
    void request.then((a) => {
      if (!fetchAllOrders.rejected.match(a) || !a.meta.aborted) setLoadedOnce(true);
    });
    return () => request.abort();
  }, [dispatch, sort.key, sort.order, page]);

  // A page past the end (fewer orders than before, or a stale link) starts again at page 1.
  useEffect(() => {
    if (loadedOnce && status === 'idle' && page > Math.max(1, Math.ceil(totalOrders / ORDERS_PER_PAGE))) {
      const next = new URLSearchParams(params);
      next.delete('page');
      setParams(next, { replace: true });
    }
  }, [loadedOnce, status, page, totalOrders, params, setParams]);

  function onSort(key: OrderSortKey) {
    const s = nextSort(sort, key);
    const next = new URLSearchParams(params);
    next.set('sort', s.key);
    next.set('order', s.order);
    next.delete('page');
    setParams(next);
  }

  function goToPage(p: number) {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    top.current?.scrollIntoView({ block: 'start' });
  }

  function onView(order: Order) {
    dispatch(viewOrderSet(order));
    void navigate(`${paths.adminOrderDetail}?id=${order.id}`);
  }

  async function onStatusChange(order: Order, next: OrderStatus) {
    if (next === order.status) return;
    setUpdatingId(order.id);
    try {
      await dispatch(updateOrder({ id: order.id, status: next })).unwrap();
    } catch (err) {
      toast.error(typeof err === 'string' ? err : 'Something went wrong');
    } finally {
      setUpdatingId(null);
    }
  }

  return (
    <PageFrame>
      <div ref={top} className="mb-6 scroll-mt-24">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">All Orders</h1>
        <p className="mt-1 text-ink-soft">Manage and track all customer orders</p>
      </div>
      {!loadedOnce ? (
        <PageSpinner />
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<ClipboardList className="size-8" />}
          title="No orders yet"
          message="Orders appear here as soon as shoppers place them."
        />
      ) : (
        <>
          <OrdersTable
            orders={orders}
            sort={sort}
            onSort={onSort}
            onView={onView}
            onStatusChange={(o, s) => void onStatusChange(o, s)}
            updatingId={updatingId}
            imageFor={responsiveImage}
            loading={status === 'loading' && updatingId === null}
          />
          <Pagination
            page={page}
            pageSize={ORDERS_PER_PAGE}
            totalItems={totalOrders}
            onPageChange={goToPage}
            className="mt-8"
          />
        </>
      )}
    </PageFrame>
  );
}
