import { useId } from 'react';
import { toast } from 'react-toastify';
import { PhoneCall } from 'lucide-react';
import { formatIndiaDateTime } from '@shop/shared/india-time';
import type { Order } from '@shop/shared/order';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { errorText } from '../../../lib/error-text';
import { useConfirmOrderByStaffMutation } from './confirm-order-api';
import { awaitsConfirmation } from './order-parts';

/**
 * docs/product.md, Cash on delivery: until the shopper confirms by the link, staff may confirm after a
 * phone call; the server records who and invoices the order.
 */
export function AwaitingConfirmationPanel({ order, className }: { order: Order; className?: string }) {
  const id = useId();
  const [confirm, { isLoading, error }] = useConfirmOrderByStaffMutation();
  if (!awaitsConfirmation(order)) return null;
  return (
    <section
      aria-labelledby={id}
      className={cx('rounded-xl border-2 border-gold bg-gold/15 p-5 shadow-sm', className)}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        Awaiting the shopper’s confirmation
      </h2>
      <p className="mt-1 text-sm text-ink">
        {order.confirmBy ? (
          <>
            Cancelled automatically on{' '}
            <time dateTime={order.confirmBy} className="font-semibold">
              {formatIndiaDateTime(order.confirmBy)}
            </time>{' '}
            (India time) if not confirmed by then. It cannot be dispatched before it is confirmed.
          </>
        ) : (
          'Do not dispatch it until it is confirmed.'
        )}
      </p>
      <p className="mt-2 text-sm text-ink-soft">
        Spoke to {order.selectedAddress.name} on {order.selectedAddress.phone} and they still want it? Confirm
        it for them.
      </p>
      <Button
        className="mt-4 w-full sm:w-auto"
        loading={isLoading}
        icon={<PhoneCall aria-hidden="true" className="size-4" />}
        onClick={async () => {
          const result = await confirm(order.id);
          if (!result.error) toast.success(`Order #${order.id} confirmed`);
        }}
      >
        Confirm order
      </Button>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
