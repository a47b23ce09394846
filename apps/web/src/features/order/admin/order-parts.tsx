import type { Address } from '@shop/shared/address';
import type { OrderStatus, PaymentMethod } from '@shop/shared/constants';
import type { Order } from '@shop/shared/order';
import { Badge } from '../../../components/ui/badge';

export function PaymentMethodBadge({ method }: { method: PaymentMethod }) {
  return (
    <Badge tone={method === 'cash' ? 'neutral' : 'teal'}>
      {method.charAt(0).toUpperCase() + method.slice(1)}
    </Badge>
  );
}

/** A cash order the shopper has not confirmed yet and the sweep has not cancelled: it cannot be dispatched. */
export const awaitsConfirmation = (order: Pick<Order, 'confirmation' | 'status'>): boolean =>
  order.confirmation === 'awaiting' && order.status === 'pending';

export function AwaitingConfirmationBadge({
  order,
  className,
}: {
  order: Pick<Order, 'confirmation' | 'status'>;
  className?: string;
}) {
  if (!awaitsConfirmation(order)) return null;
  return (
    <Badge tone="gold" className={className}>
      Awaiting confirmation
    </Badge>
  );
}

export function ShippingAddress({ address: a, className }: { address: Address; className?: string }) {
  return (
    <address className={className ?? 'text-sm leading-snug text-ink-soft not-italic'}>
      <span className="block font-medium text-ink">{a.name}</span>
      <span className="block">{a.street}</span>
      <span className="block">
        {a.city}, {a.state}
      </span>
      <span className="block">PIN {a.pinCode}</span>
      <span className="block whitespace-nowrap">Phone {a.phone}</span>
      {a.gstin && (
        <span className="block whitespace-nowrap">
          GSTIN {a.gstin}
          {a.businessName && `, ${a.businessName}`}
        </span>
      )}
    </address>
  );
}

/** A date and time in the visitor's own locale, on two lines. */
export function LocalDateTime({ iso }: { iso: string }) {
  const d = new Date(iso);
  return (
    <time dateTime={iso} className="block text-sm whitespace-nowrap text-ink">
      {d.toLocaleDateString()}
      <span className="block text-xs text-ink-soft">{d.toLocaleTimeString()}</span>
    </time>
  );
}

const REOPEN = 'reopen it on the order page';

/**
 * The statuses the server refuses to move this order to (409, apps/api flows/order-status.ts), each with
 * why: a cancelled order is reopened on its own page with a reason; nothing goes back to pending once
 * dispatched or delivered, nor from delivered to dispatched; and an order awaiting the shopper's
 * confirmation is not shipped.
 */
export function refusedStatuses(order: Pick<Order, 'confirmation' | 'status'>): Partial<Record<OrderStatus, string>> {
  switch (order.status) {
    case 'cancelled':
      return { pending: REOPEN, dispatched: REOPEN, delivered: REOPEN };
    case 'delivered':
      return { pending: 'already delivered', dispatched: 'already delivered' };
    case 'dispatched':
      return { pending: 'already dispatched' };
    case 'pending':
      return awaitsConfirmation(order) ? { dispatched: 'confirm first', delivered: 'confirm first' } : {};
  }
}
