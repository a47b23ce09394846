import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ClipboardList, Download, Printer, SearchX } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { API_BASE, toQuery } from '../../../lib/api-client';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import {
  BookWithShiprocket,
  BulkBookingStatus,
  PrintLabels,
  useBulkBooking,
} from '../../../features/order/admin/bulk-shipping';
import { OrderFiltersBar } from '../../../features/order/admin/order-filters';
import { GstReportControl } from '../../../features/order/admin/gst-report-control';
import { OrdersTable } from '../../../features/order/admin/orders-table';
import { useViewOrder } from '../../../features/order/admin/use-admin-order';
import { useAdminOrders } from '../../../features/order/admin/use-admin-orders';
import { useOrderStatusChange } from '../../../features/order/use-order-status-change';
import { responsiveImage } from '../../../features/product/components/product-image';
import { PageFrame } from '../../layout/page-frame';
import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { useAppSelector } from '../../../lib/store-hooks';

/** The most orders one packing-slip print takes (GET /api/orders/slips), and one Shiprocket booking. */
const MAX_SLIPS = 100;

export default function AdminOrdersPage() {
  const list = useAdminOrders();
  const onView = useViewOrder();
  const { updatingId, change } = useOrderStatusChange();
  const filtered = Object.keys(list.filters).length > 0;
  // docs/security.md, Access: the GST report and the orders CSV (customer data) are the owner's.
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';
  // The orders ticked for packing slips, labels and booking, kept across pages (GET /orders/slips takes
  // 100), each with its row as last seen: whether it has a shipment says if its label can be printed.
  const [ticked, setTicked] = useState<ReadonlyMap<number, Order>>(() => new Map());
  const selected = useMemo(() => new Set(ticked.keys()), [ticked]);
  const select = (ids: readonly number[], on: boolean) =>
    setTicked((prev) => {
      const next = new Map(prev);
      for (const id of ids) {
        const row = list.orders.find((o) => o.id === id);
        if (!on) next.delete(id);
        else if (row && next.size < MAX_SLIPS) next.set(id, row);
      }
      return next;
    });
  // The rows on this page as the list now has them (a booking reads the list again), the others as ticked.
  const tickedOrders = [...ticked.values()].map((o) => list.orders.find((row) => row.id === o.id) ?? o);
  const booking = useBulkBooking();

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
            <span className="inline-flex flex-wrap items-center gap-2">
              <Link to={paths.adminPackingSlips([...selected])} className={buttonClasses('outline')}>
                <Printer aria-hidden="true" className="size-4" />
                Packing slips ({selected.size})
              </Link>
              <PrintLabels orders={tickedOrders} />
              <BookWithShiprocket ids={[...selected]} booking={booking} />
              <button
                type="button"
                onClick={() => setTicked(new Map())}
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
      <BulkBookingStatus booking={booking} className="mb-6" />
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
