import { Star } from 'lucide-react';
import type { ReviewStatus } from '@shop/shared/reviews';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';

const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** An instant as India's calendar day: `28 Nov 2026`. */
export const indiaDate = (iso: string) => DAY.format(new Date(iso));

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// The order status colours (docs/style.md, Look): pending purple, dispatched yellow, delivered green, cancelled red.
const ORDER_TONE: Record<string, BadgeTone> = {
  pending: 'purple',
  dispatched: 'yellow',
  delivered: 'green',
  cancelled: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={ORDER_TONE[status] ?? 'neutral'}>{capital(status)}</Badge>;
}

export function PaymentBadge({ method }: { method: string }) {
  return (
    <Badge tone={method === 'cash' ? 'neutral' : 'teal'}>
      {method === 'cash' ? 'Cash' : capital(method)}
    </Badge>
  );
}

const REVIEW_TONE: Record<ReviewStatus, BadgeTone> = {
  published: 'green',
  pending: 'gold',
  hidden: 'neutral',
};
const REVIEW_LABEL: Record<ReviewStatus, string> = {
  published: 'Published',
  pending: 'Waiting for approval',
  hidden: 'Hidden',
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={REVIEW_TONE[status]}>{REVIEW_LABEL[status]}</Badge>;
}

/** Five stars, the given number filled; read out as "4 of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} of 5 stars`} className={cx('inline-flex gap-0.5', className)}>
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
