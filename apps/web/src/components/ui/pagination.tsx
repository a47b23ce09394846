import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from './cx';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  totalItems: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 1) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

const pageButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors';

export function Pagination({ page, pageSize, totalItems, onPageChange, className }: PaginationProps) {
  if (totalItems <= 0) return null;
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalItems);
  return (
    <nav
      aria-label="Pagination"
      className={cx(
        'flex flex-col items-center gap-4 border-t border-sand pt-6 sm:flex-row sm:justify-between',
        className,
      )}
    >
      <p className="text-sm text-ink-soft">
        Showing <span className="font-semibold text-ink">{from}</span> to{' '}
        <span className="font-semibold text-ink">{to}</span> of{' '}
        <span className="font-semibold text-ink">{totalItems}</span> results
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          className={cx(
            pageButton,
            'gap-1 border border-sand bg-white text-ink hover:bg-ivory disabled:cursor-not-allowed disabled:opacity-50',
          )}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </button>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(page, totalPages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-soft">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  onClick={() => onPageChange(p)}
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={`Page ${p}`}
                  className={cx(
                    pageButton,
                    p === page ? 'bg-maroon text-white' : 'text-ink hover:bg-sand/50',
                  )}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <button
          type="button"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= totalPages}
          className={cx(
            pageButton,
            'gap-1 border border-sand bg-white text-ink hover:bg-ivory disabled:cursor-not-allowed disabled:opacity-50',
          )}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
