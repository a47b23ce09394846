import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone =
  'gold' | 'maroon' | 'teal' | 'neutral' | 'dark' | 'purple' | 'yellow' | 'green' | 'red';

const tones: Record<BadgeTone, string> = {
  gold: 'bg-gold text-ink',
  maroon: 'bg-maroon text-white',
  teal: 'bg-teal text-white',
  neutral: 'bg-sand/70 text-ink',
  dark: 'bg-ink/85 text-white',
  // Order status colours (docs/product.md, Order statuses).
  purple: 'bg-purple-100 text-purple-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
