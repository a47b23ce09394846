import { Link } from 'react-router';
import { SHOP_NAME } from '@shop/shared/constants';
import { cx } from '../../components/ui/cx';

/** The fairy's wand: a gold star on a slim wand, with two sparkles (docs/style.md, Look). */
export function WandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <path d="M5 28 L18 15" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <path
        d="M21 4.5 l2 4.6 4.9.5-3.7 3.3 1.1 4.9-4.3-2.6-4.3 2.6 1.1-4.9-3.7-3.3 4.9-.5z"
        fill="var(--color-gold)"
        stroke="var(--color-gold-light)"
        strokeWidth=".8"
        strokeLinejoin="round"
      />
      <path
        d="M9 7 l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z"
        fill="var(--color-gold-light)"
        className="motion-safe:animate-pulse"
      />
      <path
        d="M27 20 l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z"
        fill="var(--color-gold-light)"
        className="motion-safe:animate-pulse [animation-delay:1s]"
      />
    </svg>
  );
}

export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Link to="/" className={cx('group inline-flex items-center gap-2 rounded-md text-white', className)}>
      <WandMark className={cx('text-gold-light transition-all', compact ? 'size-7' : 'size-8 lg:size-9')} />
      <span
        className={cx(
          'font-serif font-bold tracking-wide whitespace-nowrap transition-all',
          compact ? 'text-xl' : 'text-xl lg:text-2xl',
        )}
      >
        {SHOP_NAME}
      </span>
    </Link>
  );
}
