import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Truck } from 'lucide-react';
import { CANCEL_REASONS, needsRefund, type Order } from '@shop/shared/order';
import { formatRupees } from '@shop/shared/money';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatIndiaDay } from '../../../lib/india-dates';
import { AwaitingConfirmation, paymentAdjustments } from './awaiting-confirmation';
import { CancelOrder } from './cancel-order';
import { DocumentLinks } from './document-links';
import { OrderDiscounts } from './order-discounts';
import { OrderItemRow, type ImageFor } from './order-item-row';
import { OrderStatusBadge, stageNote } from './order-status-badge';
import { StatusTimeline } from './status-timeline';
import { useStatusHistory } from '../use-status-history';
import { OrderReturns } from '../returns/order-returns';

export const PAYMENT_METHOD_LABEL = { cash: 'Cash on Delivery', card: 'Card / UPI' } as const;

const placedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export function OrderCard({ order, imageFor }: { order: Order; imageFor?: ImageFor }) {
  const a = order.selectedAddress;
  const title = useRef<HTMLHeadingElement>(null);
  const [cancelledHere, setCancelledHere] = useState(false);
  // The dialog gives focus back to its opener, but Cancel order is gone by then: the title takes it.
  useEffect(() => {
    if (cancelledHere && order.status === 'cancelled') {
      setCancelledHere(false);
      title.current?.focus();
    }
  }, [cancelledHere, order.status]);
  return (
    <article
      aria-labelledby={`order-${order.id}-title`}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-sand/70"
    >
      <header className="flex flex-wrap items-center gap-x-8 gap-y-3 border-b border-sand bg-ivory/70 px-4 py-3 sm:px-6">
        <div>
          <h2
            ref={title}
            tabIndex={-1}
            id={`order-${order.id}-title`}
            className="font-serif text-lg font-semibold text-ink focus:outline-none"
          >
            Order #{order.id}
          </h2>
          <p className="text-sm text-ink-soft">
            Placed on <time dateTime={order.createdAt}>{placedAt(order.createdAt)}</time>
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
          <div>
            <dt className="text-ink-soft">Total</dt>
            <dd className="font-semibold text-maroon">{formatRupees(order.totalAmount)}</dd>
          </div>
          {paymentAdjustments(order).map((a) => (
            <div key={a.label}>
              <dt className="text-ink-soft">{a.label}</dt>
              <dd className="font-semibold text-ink">
                {a.rupees < 0 ? `−${formatRupees(-a.rupees)}` : formatRupees(a.rupees)}
              </dd>
            </div>
          ))}
          <OrderDiscounts discounts={order.discounts} />
          <div>
            <dt className="text-ink-soft">Items</dt>
            <dd className="font-semibold text-ink">{order.totalItems}</dd>
          </div>
        </dl>
        <div className="ml-auto flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} className="text-sm" />
          <StageLine order={order} />
        </div>
      </header>
      {order.shipment && <ShipmentStrip order={order} shipment={order.shipment} />}
      {order.status === 'cancelled' && <CancelledNote order={order} />}
      {order.status === 'pending' && <AwaitingConfirmation order={order} heading="h3" className="mx-4 mt-4 sm:mx-6" />}
      <ul className="divide-y divide-sand/70 px-4 sm:px-6">
        {order.items.map((item) => (
          <OrderItemRow key={item.id} item={item} imageFor={imageFor} titleAs="h3" />
        ))}
      </ul>
      <footer className="grid gap-3 border-t border-sand px-4 py-3 text-sm sm:grid-cols-2 sm:px-6">
        <p className="text-ink-soft">
          <span className="font-medium text-ink">Ship to:</span> {a.name}, {a.street}, {a.city}, {a.state}{' '}
          {a.pinCode}
        </p>
        <p className="text-ink-soft sm:text-right">
          <span className="font-medium text-ink">Payment:</span>{' '}
          {PAYMENT_METHOD_LABEL[order.paymentMethod] ?? order.paymentMethod}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          <DocumentLinks order={order} className="-mx-2 flex flex-wrap items-center gap-x-3" />
          <CancelOrder
            order={order}
            onCancelled={() => setCancelledHere(true)}
            className="ml-auto text-red-700 hover:border-red-300 hover:bg-red-50"
          />
        </div>
      </footer>
      <OrderReturns order={order} />
      <OrderHistory order={order} />
    </article>
  );
}

/** Where the order is when the status alone says less: `Packed`, `Out for delivery`. */
function StageLine({ order }: { order: Order }) {
  const note = stageNote(order.stage, order.status);
  return note ? <span className="text-sm font-medium text-ink">{note}</span> : null;
}

/** The parcel once it is booked: who carries it, its number, when it should arrive, and the tracking page. */
function ShipmentStrip({ order, shipment }: { order: Order; shipment: NonNullable<Order['shipment']> }) {
  const arriving = order.status === 'dispatched' && shipment.expectedDelivery;
  return (
    <div className="mx-4 mt-4 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-teal/25 bg-teal/5 px-4 py-3 text-sm sm:mx-6">
      <Truck aria-hidden="true" className="hidden size-5 shrink-0 text-teal sm:block" />
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="text-ink-soft">Courier</dt>
          <dd className="font-semibold text-ink">{shipment.courierName}</dd>
        </div>
        <div>
          <dt className="text-ink-soft">AWB</dt>
          <dd className="font-mono font-semibold break-all text-ink">{shipment.awb}</dd>
        </div>
        {arriving && (
          <div>
            <dt className="text-ink-soft">Expected delivery</dt>
            <dd className="font-semibold text-ink">
              <time dateTime={arriving}>{formatIndiaDay(arriving)}</time>
            </dd>
          </div>
        )}
      </dl>
      <Link
        to={paths.track(order.id)}
        aria-label={`Track your parcel, order #${order.id}`}
        className={buttonClasses('secondary', 'md', 'w-full sm:ml-auto sm:w-auto')}
      >
        Track your parcel
      </Link>
    </div>
  );
}

/** The order's status steps, fetched the first time the shopper opens them. */
function OrderHistory({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const history = useStatusHistory(order.id, open);
  return (
    <details
      className="border-t border-sand px-4 py-3 text-sm sm:px-6"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer font-medium text-teal">Status history</summary>
      {open && <StatusTimeline events={history.events} failed={history.failed} className="mt-3 ml-1" />}
    </details>
  );
}

/** Why the order was cancelled when the shopper did it, and what happens to money already paid. */
function CancelledNote({ order }: { order: Order }) {
  const reason = order.cancellation?.byShopper ? order.cancellation.reason : null;
  const refund = needsRefund(order);
  if (!reason && !refund) return null;
  return (
    <div className="mx-4 mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:mx-6">
      {reason && (
        <p>
          <span className="font-semibold">You cancelled this order.</span> Your reason: {CANCEL_REASONS[reason]}
        </p>
      )}
      {refund && (
        <p className={reason ? 'mt-1' : undefined}>
          Your payment of {formatRupees(order.totalAmount)} will be refunded to the account you paid from.
        </p>
      )}
    </div>
  );
}
