import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AlertTriangle, Eye, EyeOff, MessageSquareReply, Star } from 'lucide-react';
import { formatIndiaDateTime } from '@shop/shared/india-time';
import type { AdminReview, ReviewStatus } from '@shop/shared/reviews';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { paths } from '../../../config/paths';
import type { ApiFailure } from '../../../lib/base-api';
import { smallPhoto, useListAdminReviewsQuery, useModerateReviewMutation } from '../review-api';
import { Stars } from '../components/stars';

/** As the API pages the owner's list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export const REVIEW_TOASTS = {
  published: 'Review published',
  hidden: 'Review hidden',
  replySaved: 'Reply saved',
  replyRemoved: 'Reply removed',
} as const;

const TABS: { status: ReviewStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'pending', label: 'Waiting' },
  { status: 'published', label: 'Published' },
  { status: 'hidden', label: 'Hidden' },
];

const STATUS: Record<ReviewStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'yellow' },
  published: { label: 'Published', tone: 'green' },
  hidden: { label: 'Hidden', tone: 'red' },
};

const isStatus = (v: string | null): v is ReviewStatus => v === 'pending' || v === 'published' || v === 'hidden';
const failure = (e: unknown) => (e as ApiFailure | undefined)?.message ?? 'Something went wrong. Please try again.';

/**
 * docs/product.md, Reviews: every review, newest first, by status (`?status=`, `?page=`). The owner approves,
 * hides, shows and replies; staff read.
 */
export function ReviewsScreen({ canModerate }: { canModerate: boolean }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isFetching } = useListAdminReviewsQuery({ status, page });

  const go = (next: { status?: ReviewStatus | undefined; page?: number }) => {
    const q = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) q.set('status', s);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setParams(q);
  };

  return (
    <div className="space-y-6">
      <nav aria-label="Review status" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t.label}
            type="button"
            aria-current={t.status === status ? 'page' : undefined}
            onClick={() => go({ status: t.status, page: 1 })}
            className={cx(
              'min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors',
              t.status === status ? 'border-maroon bg-maroon text-white' : 'border-sand bg-white text-ink hover:border-maroon/40',
            )}
          >
            {t.label}
          </button>
        ))}
      </nav>

      {error ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {failure(error)}
        </p>
      ) : !data ? (
        <PageSpinner />
      ) : data.reviews.length === 0 ? (
        <EmptyState
          icon={<Star aria-hidden="true" className="size-10 text-gold" />}
          title={status === 'pending' ? 'Nothing waiting' : 'No reviews here yet'}
          message={status === 'pending' ? 'New reviews that need your approval appear here.' : 'Reviews from shoppers who bought your products appear here.'}
        />
      ) : (
        <>
          <ul className={cx('space-y-4', isFetching && 'opacity-70')}>
            {data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} canModerate={canModerate} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={ADMIN_REVIEWS_PAGE_SIZE} totalItems={data.total} onPageChange={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}

function ReviewCard({ review: r, canModerate }: { review: AdminReview; canModerate: boolean }) {
  const [moderate, state] = useModerateReviewMutation();
  const [replying, setReplying] = useState(false);
  const status = STATUS[r.status];

  async function change(body: { status?: 'published' | 'hidden'; reply?: string }, done: string) {
    try {
      await moderate({ id: r.id, body }).unwrap();
      toast.success(done);
      setReplying(false);
    } catch (e) {
      toast.error(failure(e));
    }
  }

  return (
    <article aria-label={`Review by ${r.customerName}: ${r.title}`} className="rounded-xl border border-sand bg-white p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={paths.productDetail(r.productId)} className="font-semibold text-teal hover:underline">
            {r.productTitle}
          </Link>
          <p className="text-sm text-ink-soft">
            {r.customerName} · {r.customerEmail} · <time dateTime={r.createdAt}>{formatIndiaDateTime(r.createdAt)}</time>
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </header>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Stars value={r.rating} />
        <h3 className="font-semibold text-ink">{r.title}</h3>
      </div>
      <p className="mt-1 whitespace-pre-line text-ink">{r.body}</p>
      {r.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {r.photos.map((url, i) => (
            <li key={url + i}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={smallPhoto(url)} alt={`Photo ${i + 1} of the review`} className="size-16 rounded-lg border border-sand object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply && !replying && (
        <div className="mt-3 rounded-lg border-l-4 border-gold bg-ivory p-3">
          <p className="text-sm font-semibold text-maroon">Your reply</p>
          <p className="mt-1 whitespace-pre-line text-sm text-ink">{r.reply}</p>
        </div>
      )}
      {canModerate && (
        <div className="mt-4 border-t border-sand pt-4">
          {replying ? (
            <ReplyForm
              initial={r.reply ?? ''}
              busy={state.isLoading}
              onSave={(reply) => void change({ reply }, reply.trim() ? REVIEW_TOASTS.replySaved : REVIEW_TOASTS.replyRemoved)}
              onCancel={() => setReplying(false)}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              {r.status !== 'published' && (
                <Button size="sm" variant="secondary" icon={<Eye aria-hidden="true" className="size-4" />} loading={state.isLoading} onClick={() => void change({ status: 'published' }, REVIEW_TOASTS.published)}>
                  {r.status === 'pending' ? 'Approve' : 'Show'}
                </Button>
              )}
              {r.status !== 'hidden' && (
                <Button size="sm" variant="outline" icon={<EyeOff aria-hidden="true" className="size-4" />} disabled={state.isLoading} onClick={() => void change({ status: 'hidden' }, REVIEW_TOASTS.hidden)}>
                  Hide
                </Button>
              )}
              <Button size="sm" variant="outline" icon={<MessageSquareReply aria-hidden="true" className="size-4" />} onClick={() => setReplying(true)}>
                {r.reply ? 'Edit reply' : 'Reply'}
              </Button>
              {r.reply && (
                <Button size="sm" variant="ghost" disabled={state.isLoading} onClick={() => void change({ reply: '' }, REVIEW_TOASTS.replyRemoved)}>
                  Remove reply
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </article>
  );
}

function ReplyForm({ initial, busy, onSave, onCancel }: { initial: string; busy: boolean; onSave: (reply: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text);
      }}
      className="space-y-3"
    >
      <TextArea label="Public reply" hint="Shown under the review on the product page." value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} rows={3} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          Save reply
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
