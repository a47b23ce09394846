import type { ReactNode } from 'react';
import { cx } from './cx';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, message, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center rounded-xl border border-dashed border-sand bg-white/60 px-6 py-14 text-center',
        className,
      )}
    >
      {icon && (
        <div
          aria-hidden="true"
          className="mb-4 flex size-16 items-center justify-center rounded-full bg-gold/15 text-maroon"
        >
          {icon}
        </div>
      )}
      <h2 className="text-2xl font-semibold text-ink">{title}</h2>
      {message && <p className="mt-2 max-w-md text-ink-soft">{message}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
