import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil } from 'lucide-react';
import { ADMIN_ORDER_ITEMS_COLLAPSED, type OrderStatus } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';
import type { Order, ORDER_SORT_KEYS } from '@shop/shared/order';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { OrderItemRow, type ImageFor } from '../components/order-item-row';
import { OrderStatusBadge } from '../components/order-status-badge';
import { LocalDateTime, PaymentMethodBadge, ShippingAddress } from './order-parts';
import { OrderStatusSelect } from './order-status-select';

export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
export interface OrderSort {
  key: OrderSortKey;
  order: 'asc' | 'desc';
}

/** SPEC §9: newest first until a header is clicked. */
export const DEFAULT_ORDER_SORT: OrderSort = { key: 'createdAt', order: 'desc' };

/** SPEC §4: a click on a header sorts ascending; a click again on the same column toggles. */
export function nextSort(current: OrderSort, key: OrderSortKey): OrderSort {
  if (current.key !== key) return { key, order: 'asc' };
  return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
}

const th =
  'sticky top-0 z-10 border-b border-sand bg-ivory px-2.5 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase lg:top-14';
const td = 'border-b border-sand/70 px-2.5 py-4 align-top';

function SortableHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: OrderSortKey;
  sort: OrderSort;
  onSort: (key: OrderSortKey) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cx(th, className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cx(
          '-mx-1.5 inline-flex min-h-8 items-center gap-1 rounded-md px-1.5 uppercase hover:bg-sand/50 hover:text-ink',
          active && 'text-maroon',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cx('size-3.5', !active && 'opacity-50')} />
      </button>
    </th>
  );
}

function OrderItems({ order, imageFor }: { order: Order; imageFor: ImageFor }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const more = order.items.length > ADMIN_ORDER_ITEMS_COLLAPSED;
  const shown = expanded ? order.items : order.items.slice(0, ADMIN_ORDER_ITEMS_COLLAPSED);
  return (
    <div className="min-w-48">
      <p className="mb-2 text-xs font-semibold text-ink-soft">
        Order #{order.id} · {order.totalItems} {order.totalItems === 1 ? 'item' : 'items'}
      </p>
      <ul id={`${id}-items`} className="space-y-2.5">
        {shown.map((item) => (
          <OrderItemRow key={item.id} item={item} imageFor={imageFor} compact />
        ))}
      </ul>
      {more && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-items`}
          onClick={() => setExpanded((v) => !v)}
          className="mt-2 min-h-8 text-xs font-semibold text-teal hover:underline"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
    </div>
  );
}

export interface OrdersTableProps {
  orders: readonly Order[];
  sort: OrderSort;
  onSort: (key: OrderSortKey) => void;
  onView: (order: Order) => void;
  onStatusChange: (order: Order, status: OrderStatus) => void;
  /** The order whose status change is on its way. */
  updatingId: number | null;
  imageFor: ImageFor;
  loading?: boolean;
}

/** SPEC §2 All Orders: a dense table with a sticky header, sortable columns and inline status editing. */
export function OrdersTable({
  orders,
  sort,
  onSort,
  onView,
  onStatusChange,
  updatingId,
  imageFor,
  loading,
}: OrdersTableProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const header = { sort, onSort };
  return (
    <div className="overflow-x-auto rounded-xl border border-sand bg-white shadow-sm lg:overflow-visible">
      <table
        aria-busy={loading}
        className={cx(
          'w-full min-w-[60rem] border-separate border-spacing-0 text-sm lg:min-w-0',
          loading && 'opacity-60 transition-opacity',
        )}
      >
        <caption className="sr-only">All orders</caption>
        <thead>
          <tr>
            <th scope="col" className={cx(th, 'rounded-tl-xl')}>
              Items
            </th>
            <SortableHeader label="Total Amount" column="totalAmount" {...header} />
            <th scope="col" className={th}>
              Shipping Address
            </th>
            <SortableHeader label="Payment Method" column="paymentMethod" {...header} />
            <SortableHeader label="Order Time" column="createdAt" {...header} />
            <SortableHeader label="Last Updated" column="updatedAt" {...header} />
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={cx(th, 'rounded-tr-xl')}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-ivory/60">
              <td className={td}>
                <OrderItems order={order} imageFor={imageFor} />
              </td>
              <td className={cx(td, 'font-semibold whitespace-nowrap text-maroon')}>
                {formatRupees(order.totalAmount)}
              </td>
              <td className={td}>
                <ShippingAddress address={order.selectedAddress} />
              </td>
              <td className={td}>
                <PaymentMethodBadge method={order.paymentMethod} />
              </td>
              <td className={td}>
                <LocalDateTime iso={order.createdAt} />
              </td>
              <td className={td}>
                <LocalDateTime iso={order.updatedAt} />
              </td>
              <td className={cx(td, 'min-w-32')}>
                {editingId === order.id ? (
                  <OrderStatusSelect
                    label={`Status of order #${order.id}`}
                    hideLabel
                    autoFocus
                    value={order.status}
                    onChange={(status) => {
                      setEditingId(null);
                      onStatusChange(order, status);
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                ) : (
                  <span className="inline-flex items-center gap-2">
                    <OrderStatusBadge status={order.status} />
                    {updatingId === order.id && <Spinner size="sm" label="Saving status" />}
                  </span>
                )}
              </td>
              <td className={td}>
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    onClick={() => onView(order)}
                    aria-label={`View order #${order.id}`}
                    title="View order"
                    className="flex size-10 items-center justify-center rounded-lg text-teal transition-colors hover:bg-teal/10"
                  >
                    <Eye aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    // Keeps focus in an open dropdown, so its blur does not close it before this toggles.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => setEditingId((id) => (id === order.id ? null : order.id))}
                    aria-label={`Edit status of order #${order.id}`}
                    aria-pressed={editingId === order.id}
                    title="Edit status"
                    className="flex size-10 items-center justify-center rounded-lg text-maroon transition-colors hover:bg-maroon/10 aria-pressed:bg-maroon/10"
                  >
                    <Pencil aria-hidden="true" className="size-4.5" />
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
