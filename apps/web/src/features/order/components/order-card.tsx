import type { Order } from '@shop/shared/order';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { colourName } from '../../../lib/colour-name';
import { OrderStatusBadge } from './order-status-badge';

export type ImageFor = (url: string) => { src: string; srcSet?: string };

const plainImage: ImageFor = (url) => ({ src: url });

export const PAYMENT_METHOD_LABEL = { cash: 'Cash on Delivery', card: 'Card / UPI' } as const;

const placedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** One of the shopper's orders: number, date, status, items, totals, address and payment. */
export function OrderCard({ order, imageFor = plainImage }: { order: Order; imageFor?: ImageFor }) {
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
        {order.items.map((item) => {
          const img = imageFor(item.product.thumbnail);
          return (
            <li key={item.id} className="flex gap-4 py-4">
              <img
                src={img.src}
                srcSet={img.srcSet}
                sizes="80px"
                alt=""
                width={72}
                height={96}
                loading="lazy"
                className="aspect-[3/4] w-16 shrink-0 rounded-lg bg-sand/50 object-cover sm:w-18"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wider text-teal uppercase">
                    {item.product.brand}
                  </p>
                  <h3 className="font-medium text-ink">{item.product.title}</h3>
                  <p className="mt-0.5 text-sm text-ink-soft">
                    {colourName(item.color)} · Size {item.size} in · Qty {item.quantity}
                  </p>
                </div>
                <p className="text-sm font-semibold whitespace-nowrap text-ink sm:text-right">
                  {formatRupees(paiseToRupees(rupeesToPaise(item.product.discountedPrice) * item.quantity))}
                  {item.quantity > 1 && (
                    <span className="block text-xs font-normal text-ink-soft">
                      {item.quantity} × {formatRupees(item.product.discountedPrice)}
                    </span>
                  )}
                </p>
              </div>
            </li>
          );
        })}
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
      </footer>
    </article>
  );
}
