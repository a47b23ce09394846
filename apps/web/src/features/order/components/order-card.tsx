import type { Order } from '@shop/shared/order';
import { formatRupees } from '@shop/shared/money';
import { DocumentLinks } from './document-links';
import { OrderItemRow, type ImageFor } from './order-item-row';
import { useState } from 'react';
import { OrderStatusBadge } from './order-status-badge';
import { StatusTimeline } from './status-timeline';
import { useStatusHistory } from '../use-status-history';

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
  return (
    <article
      aria-labelledby={`order-${order.id}-title`}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-sand/70"
    >
      <header className="flex flex-wrap items-center gap-x-8 gap-y-3 border-b border-sand bg-ivory/70 px-4 py-3 sm:px-6">
        <div>
          <h2 id={`order-${order.id}-title`} className="font-serif text-lg font-semibold text-ink">
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
          <div>
            <dt className="text-ink-soft">Items</dt>
            <dd className="font-semibold text-ink">{order.totalItems}</dd>
          </div>
        </dl>
        <OrderStatusBadge status={order.status} className="ml-auto text-sm" />
      </header>
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
        <DocumentLinks order={order} className="-mx-2 flex flex-wrap items-center gap-x-3 sm:col-span-2" />
      </footer>
      <OrderHistory order={order} />
    </article>
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
