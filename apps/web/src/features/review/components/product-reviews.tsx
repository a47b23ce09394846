import { useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Camera, MessageSquareQuote, PenLine } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { formatIndiaDate } from '@shop/shared/india-time';
import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE, type Review, type ReviewSort, type ReviewSummary } from '@shop/shared/reviews';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import type { RootState } from '../../../lib/store';
import { useAppSelector } from '../../../lib/store-hooks';
import { smallPhoto, useGetProductReviewsQuery } from '../review-api';
import { ReviewForm } from './review-form';
import { formatRating, Stars } from './stars';

// Who is signed in is the auth slice's, read by its name in the store: a feature imports no sibling
// (docs/style.md, Boundaries).
const selectSignedIn = (s: RootState) => (s as { auth?: { loggedInUserToken: unknown } }).auth?.loggedInUserToken != null;

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rating' },
  { value: 'lowest', label: 'Lowest rating' },
  { value: 'photos', label: 'With photos' },
];

const plural = (n: number, one: string) => `${n.toLocaleString('en-IN')} ${one}${n === 1 ? '' : 's'}`;

/** docs/product.md, Reviews: the product page's section, under the product, full width. */
export function ProductReviews({ product }: { product: Product }) {
  const signedIn = useAppSelector(selectSignedIn);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const args = { productId: product.id, signedIn };
  const { data } = useGetProductReviewsQuery({ ...args, sort, page });
  const withPhotos = useGetProductReviewsQuery({ ...args, sort: 'photos', page: 1 }, { skip: !data?.summary.count });
  // Nothing until the first answer: the section appears whole, under a product already drawn.
  if (!data) return null;
  const { summary } = data;
  const photos = (withPhotos.data?.reviews ?? []).flatMap((r) => r.photos.map((url) => ({ url, review: r })));

  return (
    <section aria-labelledby="reviews-heading" className="mt-12 rounded-xl border border-sand bg-white p-5 shadow-sm sm:p-8">
      <h2 id="reviews-heading" className="font-serif text-2xl font-bold text-ink">
        Ratings &amp; Reviews
      </h2>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-6">
          <SummaryPanel summary={summary} />
          <div aria-live="polite">
            {thanks ? (
              <p className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">{thanks}</p>
            ) : data.mine ? (
              <p className="text-sm text-ink-soft">
                {data.mine.status === 'pending' ? 'Your review is waiting for the shop’s approval.' : 'Thank you for reviewing this product.'}
              </p>
            ) : data.canReview ? (
              !writing && (
                <Button variant="outline" icon={<PenLine aria-hidden="true" className="size-4" />} onClick={() => setWriting(true)} className="w-full">
                  Write a review
                </Button>
              )
            ) : !signedIn ? (
              <Link
                to={`${paths.login}?${new URLSearchParams({ next: paths.productDetail(product.id) })}`}
                className="text-sm font-semibold text-teal underline-offset-4 hover:underline"
              >
                Sign in to write a review
              </Link>
            ) : null}
          </div>
        </div>

        <div className="min-w-0 space-y-6">
          {writing && !thanks && (
            <ReviewForm
              productId={product.id}
              onCancel={() => setWriting(false)}
              onDone={(review) => {
                setWriting(false);
                setThanks(review.status === 'published' ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.pending);
              }}
            />
          )}
          {photos.length > 0 && <PhotoStrip photos={photos} />}
          {summary.count === 0 ? (
            <p className="rounded-lg bg-ivory p-6 text-center text-ink-soft">
              No reviews yet.{data.canReview ? ' Be the first to share how it looks and feels.' : ''}
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <p className="text-sm text-ink-soft">{plural(data.total, 'review')}</p>
                <Select
                  label="Sort reviews"
                  options={SORTS}
                  value={sort}
                  wrapperClassName="w-52"
                  onChange={(e) => {
                    setSort(e.target.value as ReviewSort);
                    setPage(1);
                  }}
                />
              </div>
              {data.reviews.length === 0 ? (
                <p className="text-ink-soft">No reviews with photos yet.</p>
              ) : (
                <ol className="divide-y divide-sand">
                  {data.reviews.map((r) => (
                    <li key={r.id} className="py-5 first:pt-0">
                      <ReviewItem review={r} />
                    </li>
                  ))}
                </ol>
              )}
              <Pagination page={page} pageSize={REVIEWS_PAGE_SIZE} totalItems={data.total} onPageChange={setPage} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function SummaryPanel({ summary }: { summary: ReviewSummary }) {
  return (
    <div>
      <div className="flex items-center gap-4">
        <p className="font-serif text-5xl font-bold text-ink">{summary.count ? formatRating(summary.average) : '–'}</p>
        <div>
          <Stars value={summary.average} size="lg" />
          <p className="mt-1 text-sm text-ink-soft">{plural(summary.count, 'review')}</p>
        </div>
      </div>
      <ul className="mt-5 space-y-2" aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.stars[stars - 1]!;
          const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="w-12 shrink-0 text-ink">{stars} star</span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-sand/60" aria-hidden="true">
                <span className="block h-full rounded-full bg-gold" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-ink-soft">
                {n}
                <span className="sr-only"> {n === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PhotoStrip({ photos }: { photos: { url: string; review: Review }[] }) {
  return (
    <div>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink">
        <Camera aria-hidden="true" className="size-4 text-teal" /> Shoppers’ photos
      </h3>
      <ul className="flex gap-2 overflow-x-auto pb-2">
        {photos.map(({ url, review }, i) => (
          <li key={`${review.id}-${i}`} className="shrink-0">
            <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-sand">
              <img src={smallPhoto(url)} alt={`Photo from ${review.author}’s review`} loading="lazy" className="size-24 object-cover" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review: r }: { review: Review }) {
  const shopName = useBrand().shopName;
  return (
    <article aria-label={r.title}>
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={r.rating} />
        <h3 className="font-semibold text-ink">{r.title}</h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        <span>{r.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={r.createdAt}>{formatIndiaDate(r.createdAt)}</time>
        {r.verifiedPurchase && (
          <Badge tone="green" className="gap-1">
            <BadgeCheck aria-hidden="true" className="size-3.5" /> Verified purchase
          </Badge>
        )}
      </p>
      <p className="mt-2 whitespace-pre-line text-ink">{r.body}</p>
      {r.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {r.photos.map((url, i) => (
            <li key={url + i}>
              <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-sand">
                <img src={smallPhoto(url)} alt={`Photo ${i + 1} of ${r.photos.length} from ${r.author}`} loading="lazy" className="size-20 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply && (
        <div className="mt-3 rounded-lg border-l-4 border-gold bg-ivory p-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-maroon">
            <MessageSquareQuote aria-hidden="true" className="size-4" /> Reply from {shopName}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-ink">{r.reply}</p>
        </div>
      )}
    </article>
  );
}
