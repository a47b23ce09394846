import { useState } from 'react';
import { Link } from 'react-router';
import { ClipboardList, Download, Printer, SearchX, Tag } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { API_BASE, toQuery } from '../../../lib/api-client';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { OrderFiltersBar } from '../../../features/order/admin/order-filters';
import { GstReportControl } from '../../../features/order/admin/gst-report-control';
import { labelsUrl } from '../../../features/order/admin/labels';
import { OrdersTable } from '../../../features/order/admin/orders-table';
import { useViewOrder } from '../../../features/order/admin/use-admin-order';
import { useAdminOrders } from '../../../features/order/admin/use-admin-orders';
import { useOrderStatusChange } from '../../../features/order/use-order-status-change';
import { responsiveImage } from '../../../features/product/components/product-image';
import { PageFrame } from '../../layout/page-frame';
import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { useAppSelector } from '../../../lib/store-hooks';

/** The most orders one packing-slip print takes (GET /api/orders/slips). */
const MAX_SLIPS = 100;

export default function AdminOrdersPage() {
  const list = useAdminOrders();
  const onView = useViewOrder();
  const { updatingId, change } = useOrderStatusChange();
  const filtered = Object.keys(list.filters).length > 0;
  // docs/security.md, Access: the GST report and the orders CSV (customer data) are the owner's.
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';
  // The orders ticked for packing slips, kept across pages (GET /orders/slips takes 100).
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const select = (ids: readonly number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (!on) next.delete(id);
        else if (next.size < MAX_SLIPS) next.add(id);
      }
      return next;
    });

  return (
    <PageFrame>
      <div ref={list.top} className="mb-6 flex scroll-mt-24 flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-ink">All Orders</h1>
          <p className="mt-1 text-ink-soft">Manage and track all customer orders</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {isOwner && <GstReportControl />}
          {selected.size > 0 ? (
            <span className="inline-flex items-center gap-2">
              <Link to={paths.adminPackingSlips([...selected])} className={buttonClasses('outline')}>
                <Printer aria-hidden="true" className="size-4" />
                Packing slips ({selected.size})
              </Link>
              <a
                href={labelsUrl([...selected])}
                target="_blank"
                rel="noopener"
                title="Shipping labels of the ticked orders that have a shipment"
                className={buttonClasses('outline')}
              >
                <Tag aria-hidden="true" className="size-4" />
                Print labels
                <span className="sr-only">(opens in a new tab; orders without a shipment are skipped)</span>
              </a>
              <button
                type="button"
                onClick={() => setSelected(new Set())}
                className="min-h-11 rounded-lg px-2 text-sm font-medium text-teal hover:underline"
              >
                Clear selection
              </button>
            </span>
          ) : (
            <p className="flex min-h-11 max-w-48 items-center gap-2 text-xs text-ink-soft">
              <Printer aria-hidden="true" className="size-4 shrink-0" />
              Tick orders to print their packing slips and labels
            </p>
          )}
          {isOwner && (
            <a
              href={`${API_BASE}/orders/export${toQuery({ ...list.filters })}`}
              download
              className={buttonClasses('outline')}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          )}
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
            selected={selected}
            onSelect={select}
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
