import { useId, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil } from 'lucide-react';
import { ADMIN_ORDER_ITEMS_COLLAPSED, type OrderStatus } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';
import type { Order, ORDER_SORT_KEYS } from '@shop/shared/order';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { useMediaQuery } from '../../../lib/use-media-query';
import { DocumentLinks } from '../components/document-links';
import { OrderItemRow, type ImageFor } from '../components/order-item-row';
import { OrderStatusBadge, stageNote } from '../components/order-status-badge';
import { AwaitingConfirmationBadge, LocalDateTime, PaymentMethodBadge, ShippingAddress, refusedStatuses } from './order-parts';
import { OrderStatusSelect } from './order-status-select';

export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
export interface OrderSort {
  key: OrderSortKey;
  order: 'asc' | 'desc';
}

export const DEFAULT_ORDER_SORT: OrderSort = { key: 'createdAt', order: 'desc' };

/** A click on a header sorts ascending; again on the same column toggles (docs/product.md, All Orders). */
export function nextSort(current: OrderSort, key: OrderSortKey): OrderSort {
  if (current.key !== key) return { key, order: 'asc' };
  return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** Tailwind's lg: from this width the table fits; below it each order is a card (no sideways scroll). */
const WIDE = '(min-width: 64rem)';

const SORT_LABEL: Record<OrderSortKey, string> = {
  totalAmount: 'Total Amount',
  paymentMethod: 'Payment Method',
  createdAt: 'Order Time',
  updatedAt: 'Last Updated',
};

const th =
  'sticky top-14 z-10 border-b border-sand bg-ivory px-2.5 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase';
const td = 'border-b border-sand/70 px-2.5 py-4 align-top';

interface SortProps {
  sort: OrderSort;
  onSort: (key: OrderSortKey) => void;
}

/** A column's sort button: in the table header, and as a chip above the cards on a phone. */
function SortButton({
  column,
  sort,
  onSort,
  className,
}: SortProps & { column: OrderSortKey; className?: string }) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className={cx('inline-flex items-center gap-1 rounded-md', active && 'text-maroon', className)}
    >
      {SORT_LABEL[column]}
      <Icon aria-hidden="true" className={cx('size-3.5', !active && 'opacity-50')} />
    </button>
  );
}

function SortableHeader({ column, sort, onSort }: SortProps & { column: OrderSortKey }) {
  const active = sort.key === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={th}
    >
      <SortButton
        column={column}
        sort={sort}
        onSort={onSort}
        className="-mx-1.5 min-h-8 px-1.5 uppercase hover:bg-sand/50 hover:text-ink"
      />
    </th>
  );
}

function SortChips({ sort, onSort }: SortProps) {
  const state = `Sorted by ${SORT_LABEL[sort.key]}, ${sort.order === 'asc' ? 'ascending' : 'descending'}`;
  return (
    <div role="group" aria-label="Sort orders by" className="mb-4">
      <p aria-hidden="true" className="mb-2 text-xs font-semibold tracking-wide text-ink-soft uppercase">
        Sort by
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {(Object.keys(SORT_LABEL) as OrderSortKey[]).map((column) => (
          <SortButton
            key={column}
            column={column}
            sort={sort}
            onSort={onSort}
            className={cx(
              'min-h-11 justify-between border px-3 text-sm font-medium',
              sort.key === column ? 'border-maroon/50 bg-maroon/5' : 'border-sand bg-white text-ink',
            )}
          />
        ))}
      </div>
      {/* The headers' aria-sort, for the chips: read out when the sort changes. */}
      <span role="status" className="sr-only">
        {state}
      </span>
    </div>
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

interface OrderViewProps {
  order: Order;
  imageFor: ImageFor;
  editing: boolean;
  updating: boolean;
  onToggleEdit: () => void;
  onCancelEdit: () => void;
  onView: () => void;
  onStatusChange: (status: OrderStatus) => void;
  selected?: boolean;
  onSelect?: (on: boolean) => void;
}

function SelectOrder({ order, selected, onSelect }: Pick<OrderViewProps, 'order' | 'selected' | 'onSelect'>) {
  if (!onSelect) return null;
  return (
    <input
      type="checkbox"
      checked={selected}
      onChange={(e) => onSelect(e.target.checked)}
      aria-label={`Select order #${order.id}`}
      className="size-4.5 cursor-pointer rounded border-sand accent-maroon"
    />
  );
}

function StatusControl({
  order,
  editing,
  updating,
  onCancelEdit,
  onStatusChange,
}: Pick<OrderViewProps, 'order' | 'editing' | 'updating' | 'onCancelEdit' | 'onStatusChange'>) {
  const stage = stageNote(order.stage, order.status);
  return editing ? (
    <OrderStatusSelect
      label={`Status of order #${order.id}`}
      hideLabel
      autoFocus
      value={order.status}
      unavailable={refusedStatuses(order)}
      onChange={(status) => {
        onCancelEdit();
        onStatusChange(status);
      }}
      onCancel={onCancelEdit}
    />
  ) : (
    <span className="inline-flex flex-wrap items-center gap-2">
      <OrderStatusBadge status={order.status} />
      {/* The finer stage on a line of its own under the status: the column is narrow. */}
      {stage && <span className="w-full text-xs font-medium text-ink">{stage}</span>}
      {/* Two lines in the narrow Status column, so the table keeps inside its card. */}
      <AwaitingConfirmationBadge order={order} className="rounded-lg whitespace-normal!" />
      {updating && <Spinner size="sm" label="Saving status" />}
    </span>
  );
}

function OrderActions({
  order,
  editing,
  onView,
  onToggleEdit,
}: Pick<OrderViewProps, 'order' | 'editing' | 'onView' | 'onToggleEdit'>) {
  return (
    // Two a row: with an invoice and a credit note the four actions stay inside the column.
    <div className="grid w-max grid-cols-2 gap-1">
      <button
        type="button"
        onClick={onView}
        aria-label={`View order #${order.id}`}
        title="View order"
        className="flex size-11 items-center justify-center rounded-lg text-teal transition-colors hover:bg-teal/10"
      >
        <Eye aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        // Keeps focus in an open dropdown, so its blur does not close it before this toggles.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onToggleEdit}
        aria-label={`Edit status of order #${order.id}`}
        aria-pressed={editing}
        title="Edit status"
        className="flex size-11 items-center justify-center rounded-lg text-maroon transition-colors hover:bg-maroon/10 aria-pressed:bg-maroon/10"
      >
        <Pencil aria-hidden="true" className="size-4.5" />
      </button>
      <DocumentLinks order={order} compact className="contents" />
    </div>
  );
}

function OrderRow(props: OrderViewProps) {
  const { order, imageFor } = props;
  return (
    <tr className={cx('hover:bg-ivory/60', props.selected && 'bg-maroon/5')}>
      {props.onSelect && (
        <td className={cx(td, 'w-10 pr-0')}>
          <span className="flex min-h-6 items-center">
            <SelectOrder {...props} />
          </span>
        </td>
      )}
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
        <StatusControl {...props} />
      </td>
      <td className={td}>
        <OrderActions {...props} />
      </td>
    </tr>
  );
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function OrderCard(props: OrderViewProps) {
  const { order, imageFor } = props;
  return (
    <li>
      <article
        aria-label={`Order #${order.id}`}
        className={cx(
          'h-full rounded-xl border bg-white p-4 shadow-sm',
          props.selected ? 'border-maroon/50' : 'border-sand',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          {props.onSelect && (
            <label className="-m-2 flex size-11 shrink-0 items-center justify-center">
              <SelectOrder {...props} />
            </label>
          )}
          <div className="min-w-0 flex-1">
            <OrderItems order={order} imageFor={imageFor} />
          </div>
          <p className="font-semibold whitespace-nowrap text-maroon">
            <span className="sr-only">Total Amount </span>
            {formatRupees(order.totalAmount)}
          </p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-sand/70 pt-4 text-sm">
          <Field label="Status">
            <StatusControl {...props} />
          </Field>
          <Field label="Payment Method">
            <PaymentMethodBadge method={order.paymentMethod} />
          </Field>
          <Field label="Order Time">
            <LocalDateTime iso={order.createdAt} />
          </Field>
          <Field label="Last Updated">
            <LocalDateTime iso={order.updatedAt} />
          </Field>
          <Field label="Shipping Address" className="col-span-2">
            <ShippingAddress address={order.selectedAddress} />
          </Field>
        </dl>
        <div className="mt-3 flex justify-end border-t border-sand/70 pt-2">
          <OrderActions {...props} />
        </div>
      </article>
    </li>
  );
}

export interface OrdersTableProps {
  orders: readonly Order[];
  sort: OrderSort;
  onSort: (key: OrderSortKey) => void;
  onView: (order: Order) => void;
  onStatusChange: (order: Order, status: OrderStatus) => void;
  updatingId: number | null;
  imageFor: ImageFor;
  loading?: boolean;
  /** Ticked orders (for packing slips) and the handler of a tick; no selection without it. */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: readonly number[], on: boolean) => void;
}

function SelectPage({
  orders,
  selected,
  onSelect,
}: {
  orders: readonly Order[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
}) {
  const ticked = orders.filter((o) => selected.has(o.id)).length;
  const all = ticked > 0 && ticked === orders.length;
  return (
    <input
      type="checkbox"
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = ticked > 0 && !all;
      }}
      onChange={() =>
        onSelect(
          orders.map((o) => o.id),
          !all,
        )
      }
      aria-label="Select every order on this page"
      className="size-4.5 cursor-pointer rounded border-sand accent-maroon"
    />
  );
}

export function OrdersTable({
  orders,
  sort,
  onSort,
  onView,
  onStatusChange,
  updatingId,
  imageFor,
  loading,
  selected,
  onSelect,
}: OrdersTableProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const wide = useMediaQuery(WIDE, true);
  const view = (order: Order): OrderViewProps => ({
    order,
    imageFor,
    editing: editingId === order.id,
    updating: updatingId === order.id,
    onToggleEdit: () => setEditingId((id) => (id === order.id ? null : order.id)),
    onCancelEdit: () => setEditingId(null),
    onView: () => onView(order),
    onStatusChange: (status) => onStatusChange(order, status),
    selected: selected?.has(order.id) ?? false,
    onSelect: onSelect && ((on) => onSelect([order.id], on)),
  });
  const busy = cx(loading && 'opacity-60 transition-opacity');

  if (!wide) {
    return (
      <div>
        <SortChips sort={sort} onSort={onSort} />
        {onSelect && selected && (
          <label className="mb-3 flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
            <SelectPage orders={orders} selected={selected} onSelect={onSelect} />
            Select every order on this page
          </label>
        )}
        <ul aria-label="All orders" aria-busy={loading} className={cx('grid gap-4 md:grid-cols-2', busy)}>
          {orders.map((order) => (
            <OrderCard key={order.id} {...view(order)} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="rounded-xl border border-sand bg-white shadow-sm">
      <table aria-busy={loading} className={cx('w-full border-separate border-spacing-0 text-sm', busy)}>
        <caption className="sr-only">All orders</caption>
        <thead>
          <tr>
            {onSelect && selected && (
              <th scope="col" className={cx(th, 'w-10 rounded-tl-xl pr-0')}>
                <span className="flex min-h-6 items-center">
                  <SelectPage orders={orders} selected={selected} onSelect={onSelect} />
                </span>
              </th>
            )}
            <th scope="col" className={cx(th, !onSelect && 'rounded-tl-xl')}>
              Items
            </th>
            <SortableHeader column="totalAmount" sort={sort} onSort={onSort} />
            <th scope="col" className={th}>
              Shipping Address
            </th>
            <SortableHeader column="paymentMethod" sort={sort} onSort={onSort} />
            <SortableHeader column="createdAt" sort={sort} onSort={onSort} />
            <SortableHeader column="updatedAt" sort={sort} onSort={onSort} />
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
            <OrderRow key={order.id} {...view(order)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
