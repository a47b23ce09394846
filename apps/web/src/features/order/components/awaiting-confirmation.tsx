import { useId } from 'react';
import { BellRing } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import { cx } from '../../../components/ui/cx';
import { formatIndiaMoment } from '../../../lib/india-dates';

/** A cash order the shop asks to be confirmed (docs/product.md, Cash on delivery): how, and by when. */
export function AwaitingConfirmation({
  order,
  className,
  heading: Heading = 'h2',
}: {
  order: Partial<Pick<Order, 'confirmation' | 'confirmBy'>>;
  className?: string;
  heading?: 'h2' | 'h3';
}) {
  const id = useId();
  if (order.confirmation !== 'awaiting') return null;
  return (
    <section
      aria-labelledby={id}
      className={cx('rounded-xl border border-gold bg-gold-light/25 px-4 py-3 text-left', className)}
    >
      <Heading id={id} className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
        <BellRing aria-hidden="true" className="size-5 shrink-0 text-maroon" />
        Please confirm your order
      </Heading>
      <p className="mt-1 text-sm text-ink">
        We have sent a link to your email and phone; unconfirmed orders are cancelled
        {order.confirmBy ? (
          <>
            {' '}
            on <time dateTime={order.confirmBy}>{formatIndiaMoment(order.confirmBy)}</time> (India time).
          </>
        ) : (
          '.'
        )}
      </p>
    </section>
  );
}

/** The order's cash fee and prepaid discount, each when there is one: `Cash on delivery fee ₹49`. */
export function paymentAdjustments(order: Partial<Pick<Order, 'codFee' | 'prepaidDiscount'>>) {
  return [
    ...(order.codFee ? [{ label: 'Cash on delivery fee', rupees: order.codFee }] : []),
    ...(order.prepaidDiscount ? [{ label: 'Prepaid discount', rupees: -order.prepaidDiscount }] : []),
  ];
}
