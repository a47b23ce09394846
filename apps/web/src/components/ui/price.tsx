import { formatRupees } from '@shop/shared/money';
import { cx } from './cx';

export interface PriceProps {
  /** What the shopper pays, in rupees. */
  price: number;
  /** The price before the discount; shown struck through when higher. */
  original?: number;
  /** Adds "You save ₹X" beside the struck-through price (product card and page). */
  saving?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' };

/**
 * ₹1,24,999 with en-IN grouping, and the struck-through original beside it. Prices are GST-inclusive
 * whole rupees (docs/product.md, Money and GST): an original entered with paise is shown to the rupee too.
 */
export function Price({ price, original, saving = false, size = 'md', className }: PriceProps) {
  const now = Math.round(price);
  const was = original === undefined ? undefined : Math.round(original);
  const showOriginal = was !== undefined && was > now;
  return (
    <span className={cx('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cx('font-semibold text-maroon', sizes[size])}>{formatRupees(now)}</span>
      {showOriginal && (
        <>
          <span className="sr-only">, was </span>
          <s className={cx('text-ink-soft', size === 'lg' ? 'text-base' : 'text-xs sm:text-sm')}>
            {formatRupees(was)}
          </s>
          {saving && (
            <span
              className={cx('font-medium text-green-800', size === 'lg' ? 'text-base' : 'text-xs sm:text-sm')}
            >
              You save {formatRupees(was - now)}
            </span>
          )}
        </>
      )}
    </span>
  );
}
