import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

export interface CheckoutBarProps {
  /** In rupees. */
  total: number;
  pieces: number;
}

/**
 * On a phone the cart keeps its total and Proceed to Checkout at the bottom of the screen (the
 * summary with the same link sits below every line); from lg the sticky summary does this.
 */
export function CheckoutBar({ total, pieces }: CheckoutBarProps) {
  return (
    <div
      role="region"
      aria-label="Checkout bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-sand bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
        <p className="flex flex-col leading-tight">
          <span className="text-xs text-ink-soft">
            Total ({pieces} {pieces === 1 ? 'item' : 'items'})
          </span>
          <span className="text-xl font-bold text-maroon">{formatRupees(total)}</span>
        </p>
        <Link to={paths.checkout} className={buttonClasses('primary', 'lg', 'shrink-0')}>
          <Lock aria-hidden="true" className="size-4" />
          Proceed to Checkout
        </Link>
      </div>
    </div>
  );
}
