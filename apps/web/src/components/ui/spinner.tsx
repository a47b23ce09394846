import { cx } from './cx';

const sizes = { sm: 'size-5 border-2', md: 'size-8 border-4', lg: 'size-12 border-4' };

export function Spinner({
  label = 'Loading...',
  size = 'md',
  className = '',
}: {
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={cx(
          'animate-spin rounded-full border-gold/40 border-t-maroon motion-reduce:animate-none',
          sizes[size],
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The app shell's full-screen Loading... (index.html paints the same markup before the script runs). */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-ivory text-maroon"
    >
      <span
        aria-hidden="true"
        className={cx(
          'animate-spin rounded-full border-gold/40 border-t-maroon motion-reduce:animate-none',
          sizes.md,
        )}
      />
      <p className="font-serif text-lg">Loading...</p>
    </div>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
