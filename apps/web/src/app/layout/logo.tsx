import { Link } from 'react-router';
import { brandPictureAspect } from '@shop/shared/brand';
import { cx } from '../../components/ui/cx';
import { useBrand } from '../../lib/brand';

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

// A long name gives way on a phone (ellipsis); on a desktop the search box gives way first.
const linkClass = 'group inline-flex min-w-0 items-center gap-2 rounded-md text-white lg:shrink-0';

// A logo this wide already spells the shop's name (a wordmark): the name beside it would say it twice.
const WORDMARK_ASPECT = 2;

export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  const brand = useBrand();
  // Beside a logo the name is already the picture's alt: screen readers hear it once.
  const name = (besideLogo: boolean) => (
    <span
      aria-hidden={besideLogo || undefined}
      className={cx(
        'truncate font-serif font-bold tracking-wide transition-all lg:max-w-72',
        compact ? 'text-xl' : 'text-xl lg:text-2xl',
      )}
    >
      {brand.shopName}
    </span>
  );
  if (!brand.logo) {
    return (
      <Link to="/" className={cx(linkClass, className)}>
        <WandMark className={cx('text-gold-light transition-all', compact ? 'size-7' : 'size-8 lg:size-9')} />
        {name(false)}
      </Link>
    );
  }
  const aspect = brandPictureAspect(brand.logo);
  const height = compact ? 32 : 40;
  const wordmark = aspect >= WORDMARK_ASPECT;
  return (
    <Link to="/" className={cx(linkClass, className)}>
      {/* Sized from the picture's name before it loads, so the top bar never shifts. */}
      <img
        src={brand.logo}
        alt={brand.shopName}
        width={Math.round(height * aspect)}
        height={height}
        decoding="async"
        className={cx(
          'w-auto shrink-0 object-contain transition-all',
          compact ? 'h-8' : 'h-10',
          wordmark && 'max-w-[11rem] sm:max-w-[15rem]',
        )}
      />
      {!wordmark && name(true)}
    </Link>
  );
}
