import type { ReactNode } from 'react';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { cx } from '../../../components/ui/cx';

export interface OrderSummaryProps {
  /** In rupees. */
  subtotal: number;
  /** Pieces, the sum of the quantities. */
  totalItems: number;
  /** "Calculated at checkout" in the cart, "Included" at checkout. */
  shipping: string;
  /** Rows after shipping that change the total, in rupees: a cash fee, a prepaid discount (negative). */
  adjustments?: readonly { label: string; rupees: number }[];
  title?: string;
  lines?: ReactNode;
  /** Rows under the total (checkout: the GST in it); "Inclusive of all taxes" comes with them. */
  taxes?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function OrderSummary({
  subtotal,
  totalItems,
  shipping,
  adjustments = [],
  title = 'Order Summary',
  lines,
  taxes,
  children,
  className,
}: OrderSummaryProps) {
  const total = paiseToRupees(
    adjustments.reduce((sum, a) => sum + rupeesToPaise(a.rupees), rupeesToPaise(subtotal)),
  );
  return (
    <section
      aria-labelledby="order-summary-title"
      className={cx('rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-6', className)}
    >
      <h2 id="order-summary-title" className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {lines && <div className="mt-4 border-b border-sand pb-4">{lines}</div>}
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">
            Subtotal ({totalItems} {totalItems === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-medium text-ink">{formatRupees(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Shipping</dt>
          <dd className="font-medium text-teal">{shipping}</dd>
        </div>
        {adjustments.map((a) => (
          <div key={a.label} className="flex justify-between gap-4">
            <dt className="text-ink-soft">{a.label}</dt>
            <dd className={cx('font-medium', a.rupees < 0 ? 'text-green-800' : 'text-ink')}>
              {a.rupees < 0 ? `−${formatRupees(-a.rupees)}` : formatRupees(a.rupees)}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t border-dashed border-sand pt-3">
          <dt className="font-serif text-lg font-semibold text-ink">Total</dt>
          <dd className="text-xl font-bold text-maroon">{formatRupees(total)}</dd>
        </div>
      </dl>
      {taxes && (
        <div className="mt-3 space-y-2 rounded-lg bg-ivory px-3 py-2.5 text-xs">
          <p className="font-medium text-ink">Inclusive of all taxes</p>
          {taxes}
        </div>
      )}
      {children && <div className="mt-6 space-y-3">{children}</div>}
    </section>
  );
}
