import { formatRupees } from '@shop/shared/money';
import { needsRefund, type Order } from '@shop/shared/order';
import { DocumentLinks } from '../components/document-links';
import { OrderDiscounts } from '../components/order-discounts';
import { OrderItemRow, type ImageFor } from '../components/order-item-row';
import { OrderStatusBadge } from '../components/order-status-badge';
import { useStatusHistory } from '../use-status-history';
import { StatusTimeline } from '../components/status-timeline';
import { AwaitingConfirmationPanel } from './awaiting-confirmation-panel';
import { AwaitingConfirmationBadge, LocalDateTime, PaymentMethodBadge, ShippingAddress } from './order-parts';
import { OrderRefundsPanel } from './order-refunds-panel';
import { OrderStageControl } from './order-stage-control';
import { ShipmentPanel } from './shipment-panel';

export interface AdminOrderDetailProps {
  order: Order;
  imageFor: ImageFor;
  /** Money going back is the owner's: staff see the refunds but not the buttons. */
  isOwner?: boolean;
}

const card = 'rounded-xl border border-sand bg-white p-5 shadow-sm';

/** A cash order's money line: collected, or what the courier is to collect; nothing once cancelled. */
function CashLine({ order }: { order: Order }) {
  if (order.paymentMethod !== 'cash') return null;
  if (order.cashCollected)
    return (
      <div className="flex justify-between">
        <dt className="text-ink-soft">Cash collected</dt>
        <dd className="font-medium text-green-800">{formatRupees(order.totalAmount)}</dd>
      </div>
    );
  if (order.status === 'cancelled') return null;
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-soft">Cash to collect on delivery</dt>
      <dd className="font-semibold text-ink">{formatRupees(order.totalAmount)}</dd>
    </div>
  );
}

export function AdminOrderDetail({ order, imageFor, isOwner = true }: AdminOrderDetailProps) {
  const history = useStatusHistory(order.id);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <AwaitingConfirmationPanel order={order} className="lg:col-span-2" />
      <div className="space-y-6 lg:self-start">
        <section aria-labelledby="items-heading" className={card}>
          <h2 id="items-heading" className="text-lg font-semibold text-ink">
            Items
          </h2>
          <ul className="mt-3 divide-y divide-sand/70">
            {order.items.map((item) => (
              <OrderItemRow key={item.id} item={item} imageFor={imageFor} />
            ))}
          </ul>
          <dl className="mt-2 space-y-1 border-t border-sand pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-ink-soft">Total items</dt>
              <dd className="font-medium text-ink">{order.totalItems}</dd>
            </div>
            <OrderDiscounts discounts={order.discounts} rowClassName="flex justify-between gap-3" />
            {order.codFee > 0 && (
              <div className="flex justify-between">
                <dt className="text-ink-soft">COD fee</dt>
                <dd className="font-medium text-ink">{formatRupees(order.codFee)}</dd>
              </div>
            )}
            {order.prepaidDiscount > 0 && (
              <div className="flex justify-between">
                <dt className="text-ink-soft">Prepaid discount</dt>
                <dd className="font-medium text-green-800">−{formatRupees(order.prepaidDiscount)}</dd>
              </div>
            )}
            <div className="flex justify-between text-base">
              <dt className="font-semibold text-ink">Total Amount</dt>
              <dd className="font-semibold text-maroon">{formatRupees(order.totalAmount)}</dd>
            </div>
            <CashLine order={order} />
          </dl>
        </section>
        <ShipmentPanel order={order} />
        <OrderRefundsPanel order={order} canRefund={isOwner} />
      </div>

      <div className="space-y-6">
        <section aria-labelledby="status-heading" className={card}>
          <h2 id="status-heading" className="text-lg font-semibold text-ink">
            Status
          </h2>
          <div className="mt-3 flex items-center gap-2">
            <OrderStatusBadge status={order.status} className="text-sm" />
            <AwaitingConfirmationBadge order={order} />
          </div>
          {needsRefund(order) && (
            <div
              role="note"
              className="mt-3 rounded-lg border border-gold bg-gold/15 px-3 py-2 text-sm text-ink"
            >
              <p className="font-semibold">Needs a refund</p>
              <p className="mt-0.5 text-ink-soft">
                {formatRupees(order.totalAmount)} was paid online for this cancelled order. Refund it under
                Refunds and returns.
              </p>
            </div>
          )}
          <OrderStageControl order={order} className="mt-4" />
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-ink-soft">Order Time</dt>
              <dd>
                <LocalDateTime iso={order.createdAt} />
              </dd>
            </div>
            <div>
              <dt className="text-ink-soft">Last Updated</dt>
              <dd>
                <LocalDateTime iso={order.updatedAt} />
              </dd>
            </div>
          </dl>
          <h3 className="mt-5 text-sm font-semibold text-ink">History</h3>
          <StatusTimeline events={history.events} failed={history.failed} className="mt-3 ml-1" />
        </section>
        <section aria-labelledby="address-heading" className={card}>
          <h2 id="address-heading" className="text-lg font-semibold text-ink">
            Shipping Address
          </h2>
          <ShippingAddress
            address={order.selectedAddress}
            className="mt-3 text-sm leading-relaxed text-ink-soft not-italic"
          />
          {order.selectedAddress.email && (
            <p className="mt-1 text-sm text-ink-soft">{order.selectedAddress.email}</p>
          )}
        </section>
        <section aria-labelledby="payment-heading" className={card}>
          <h2 id="payment-heading" className="text-lg font-semibold text-ink">
            Payment
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            <PaymentMethodBadge method={order.paymentMethod} />
            <span>
              Payment status: <span className="capitalize">{order.payment.status}</span>
            </span>
          </div>
        </section>
        {(order.invoiceNumber || order.creditNoteNumber) && (
          <section aria-labelledby="documents-heading" className={card}>
            <h2 id="documents-heading" className="text-lg font-semibold text-ink">
              GST Documents
            </h2>
            <dl className="mt-3 space-y-1 text-sm">
              {order.invoiceNumber && (
                <div className="flex justify-between gap-3">
                  <dt className="text-ink-soft">Tax invoice</dt>
                  <dd className="font-medium text-ink">{order.invoiceNumber}</dd>
                </div>
              )}
              {order.creditNoteNumber && (
                <div className="flex justify-between gap-3">
                  <dt className="text-ink-soft">Credit note</dt>
                  <dd className="font-medium text-ink">{order.creditNoteNumber}</dd>
                </div>
              )}
            </dl>
            <DocumentLinks order={order} className="-mx-2 mt-2 flex flex-col items-start" />
          </section>
        )}
      </div>
    </div>
  );
}
