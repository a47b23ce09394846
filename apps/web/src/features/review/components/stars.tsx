import { Star } from 'lucide-react';
import { cx } from '../../../components/ui/cx';

/** Five stars filled to `value` (to the nearest half, drawn as full below .75), read out as "4.3 out of 5 stars". */
export function Stars({ value, size = 'sm', className }: { value: number; size?: 'sm' | 'lg'; className?: string }) {
  return (
    <span className={cx('inline-flex items-center', className)} role="img" aria-label={`${formatRating(value)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cx(size === 'lg' ? 'size-6' : 'size-4', value >= n - 0.25 ? 'fill-gold text-gold' : 'fill-sand text-sand')}
        />
      ))}
    </span>
  );
}

export const formatRating = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
