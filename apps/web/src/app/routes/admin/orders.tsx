import { Link, useNavigate } from 'react-router';
import { ClipboardList, Download, Printer, SearchX } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { API_BASE, toQuery } from '../../../lib/api-client';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { OrderFiltersBar } from '../../../features/order/admin/order-filters';
import { GstReportControl } from '../../../features/order/admin/gst-report-control';
import { OrdersTable } from '../../../features/order/admin/orders-table';
import { useAdminOrders } from '../../../features/order/admin/use-admin-orders';
import { viewOrderSet } from '../../../features/order/order-slice';
import { useOrderStatusChange } from '../../../features/order/use-order-status-change';
import { responsiveImage } from '../../../features/product/components/product-image';
import { useAppDispatch } from '../../hooks';
import { PageFrame } from '../../layout/page-frame';

/** SPEC §2 All Orders (/admin/orders and /admin/Orders). Sort, page and filters live in the URL. */
export default function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const list = useAdminOrders();
  const { updatingId, change } = useOrderStatusChange();
  const filtered = Object.keys(list.filters).length > 0;

  function onView(order: Order) {
    dispatch(viewOrderSet(order));
    void navigate(`${paths.adminOrderDetail}?id=${order.id}`);
  }

  return (
    <PageFrame>
      <div ref={list.top} className="mb-6 flex scroll-mt-24 flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-ink">All Orders</h1>
          <p className="mt-1 text-ink-soft">Manage and track all customer orders</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <GstReportControl />
          <Link
            to={paths.adminPackingSlips(list.orders.map((o) => o.id))}
            className={buttonClasses('outline')}
          >
            <Printer aria-hidden="true" className="size-4" />
            Packing slips
          </Link>
          <a
            href={`${API_BASE}/orders/export${toQuery({ ...list.filters })}`}
            download
            className={buttonClasses('outline')}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
      </div>
      <OrderFiltersBar filters={list.filters} onChange={list.setFilters} />
      {!list.loadedOnce ? (
        <PageSpinner />
      ) : list.orders.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX className="size-8" />}
            title="No orders match"
            message="Try another name, email, phone or order number, or clear the filters."
          />
        ) : (
          <EmptyState
            icon={<ClipboardList className="size-8" />}
            title="No orders yet"
            message="Orders appear here as soon as shoppers place them."
          />
        )
      ) : (
        <>
          {filtered && (
            <p role="status" className="mb-3 text-sm text-ink-soft">
              {list.totalOrders} {list.totalOrders === 1 ? 'order matches' : 'orders match'}
            </p>
          )}
          <OrdersTable
            orders={list.orders}
            sort={list.sort}
            onSort={list.onSort}
            onView={onView}
            onStatusChange={(o, s) => void change(o, s)}
            updatingId={updatingId}
            imageFor={responsiveImage}
            loading={list.loading && updatingId === null}
          />
          <Pagination
            page={list.page}
            pageSize={list.pageSize}
            totalItems={list.totalOrders}
            onPageChange={list.goToPage}
            className="mt-8"
          />
        </>
      )}
    </PageFrame>
  );
}
