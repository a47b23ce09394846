import { formatRupees } from '@shop/shared/money';
import { cx } from './cx';

export interface PriceProps {
  /** What the shopper pays, in rupees. */
  price: number;
  /** The price before the discount; shown struck through when higher. */
  original?: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' };

/** ₹1,24,999 with en-IN grouping, and the struck-through original beside it (LOOK.md). */
export function Price({ price, original, size = 'md', className }: PriceProps) {
  const showOriginal = original !== undefined && original > price;
  return (
    <span className={cx('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cx('font-semibold text-maroon', sizes[size])}>{formatRupees(price)}</span>
      {showOriginal && (
        <>
          <span className="sr-only">, was </span>
          <s className={cx('text-ink-soft', size === 'lg' ? 'text-base' : 'text-xs sm:text-sm')}>
            {formatRupees(original)}
          </s>
        </>
      )}
    </span>
  );
}
