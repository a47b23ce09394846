import type { ReactNode } from 'react';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { cx } from '../../../components/ui/cx';

export interface SummaryRow {
  label: string;
  rupees: number;
}

const sumPaise = (rows: readonly SummaryRow[], from: number) =>
  rows.reduce((sum, a) => sum + rupeesToPaise(a.rupees), from);

function Row({ label, rupees }: SummaryRow) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className={cx('font-medium', rupees < 0 ? 'text-green-800' : 'text-ink')}>
        {rupees < 0 ? `−${formatRupees(-rupees)}` : formatRupees(rupees)}
      </dd>
    </div>
  );
}

export interface OrderSummaryProps {
  /** In rupees. */
  subtotal: number;
  /** Pieces, the sum of the quantities. */
  totalItems: number;
  /** "Calculated at checkout" in the cart, "Included" at checkout. */
  shipping: string;
  /** Promotions off the goods (negative rupees), each a row after the subtotal, then the goods after them. */
  discounts?: readonly SummaryRow[];
  /** Rows after shipping that change the total, in rupees: a cash fee, a prepaid discount (negative). */
  adjustments?: readonly SummaryRow[];
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
  discounts = [],
  adjustments = [],
  title = 'Order Summary',
  lines,
  taxes,
  children,
  className,
}: OrderSummaryProps) {
  const goods = sumPaise(discounts, rupeesToPaise(subtotal));
  const total = paiseToRupees(sumPaise(adjustments, goods));
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
        {discounts.map((d, i) => (
          <Row key={`${d.label}-${i}`} {...d} />
        ))}
        {discounts.length > 0 && <Row label="Items after offers" rupees={paiseToRupees(goods)} />}
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Shipping</dt>
          <dd className="font-medium text-teal">{shipping}</dd>
        </div>
        {adjustments.map((a) => (
          <Row key={a.label} {...a} />
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
