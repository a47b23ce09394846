import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { DashboardReviews } from '@shop/shared/reviews';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';

const count = (n: number) => n.toLocaleString('en-IN');
const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} of 5 stars`} className="inline-flex shrink-0 gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cx('size-3.5', n <= rating ? 'fill-gold text-gold' : 'text-sand')}
        />
      ))}
    </span>
  );
}

/**
 * The period's new reviews and the latest five; those waiting for approval are flagged and lead to
 * the Reviews screen's waiting list (docs/product.md, Reviews).
 */
export function NewReviewsCard({ reviews, className }: { reviews: DashboardReviews; className?: string }) {
  return (
    <section aria-labelledby="reviews-card" className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="reviews-card" className="font-semibold text-ink">
          New reviews
        </h2>
        <Link to={paths.adminReviews} className="text-sm font-medium text-teal hover:underline">
          All reviews
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-ivory px-3 py-2">
          <dt className="text-xs text-ink-soft">Written</dt>
          <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">{count(reviews.count)}</dd>
        </div>
        <div
          className={
            reviews.pending > 0 ? 'rounded-lg bg-gold/20 px-3 py-2' : 'rounded-lg bg-ivory px-3 py-2'
          }
        >
          <dt className="text-xs text-ink-soft">Waiting for approval</dt>
          <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">
            <Link to={`${paths.adminReviews}?status=pending`} className="hover:text-teal hover:underline">
              {count(reviews.pending)}
            </Link>
          </dd>
        </div>
      </dl>
      {reviews.latest.length === 0 ? (
        <p className="mt-4 text-sm text-ink-soft">No reviews written in this period.</p>
      ) : (
        <ul aria-label="Latest reviews" className="mt-3 divide-y divide-sand/70 text-sm">
          {reviews.latest.map((r) => (
            <li key={r.id} className="py-2">
              <div className="flex items-center gap-2">
                <Stars rating={r.rating} />
                <span className="min-w-0 flex-1 truncate font-medium text-ink">{r.title}</span>
                {r.status === 'pending' && (
                  <Link
                    to={`${paths.adminReviews}?status=pending`}
                    aria-label={`Approve “${r.title}”`}
                    className="rounded-full bg-gold px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink hover:underline"
                  >
                    Waiting · Approve
                  </Link>
                )}
                {r.status === 'hidden' && <Badge>Hidden</Badge>}
              </div>
              <p className="mt-0.5 truncate text-xs text-ink-soft">
                {r.productTitle} · {r.customerName} · {DAY.format(new Date(r.createdAt))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
