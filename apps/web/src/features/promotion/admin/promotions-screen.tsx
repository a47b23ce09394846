import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { AlertTriangle, ArrowLeft, BadgePercent, Plus } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { Promotion, PromotionDetail } from '@shop/shared/promotions';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { useMediaQuery } from '../../../lib/use-media-query';
import { PromotionActions } from './promotion-actions';
import { PromotionCodes } from './promotion-codes';
import { PromotionDays } from './promotion-days';
import { PromotionForm } from './promotion-form';
import {
  kindLabel,
  promotionLinks,
  promotionOffer,
  promotionStatus,
  PromotionStatusBadge,
  promotionWhen,
  promotionWhenParts,
} from './promotion-parts';
import { PROMOTIONS_PAGE_SIZE, useGetPromotionQuery, useListPromotionsQuery } from './promotions-api';

export const PROMOTION_CREATED = 'Promotion created';
export const PROMOTION_SAVED = 'Promotion saved';

type OptionList = readonly { value: string; label: string }[];

export interface PromotionsScreenProps {
  /** The catalogue's categories and brands, for what a promotion covers. */
  categories: OptionList;
  brands: OptionList;
}

/** Tailwind's lg: from this width the table fits; below it each promotion is a card. */
const WIDE = '(min-width: 64rem)';

const COLUMNS: [string, string][] = [
  ['Promotion', 'text-left'],
  ['Kind', 'text-left'],
  ['Code', 'text-left'],
  ['When (IST)', 'text-left'],
  ['Status', 'text-left'],
  ['Uses', 'text-right'],
  ['Revenue', 'text-right'],
  ['Discount given', 'text-right'],
];

/**
 * The owner's Promotions: the list with each one's figures; `?id=` one promotion with its orders by
 * day and its single-use codes; `&edit=1` or `?new=1` the form.
 */
export function PromotionsScreen(props: PromotionsScreenProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (params.get('new') !== null) return <NewPromotion {...props} />;
  if (id !== null && /^\d+$/.test(id))
    return params.get('edit') === '1' ? <EditPromotion id={Number(id)} {...props} /> : <PromotionView id={Number(id)} />;
  return <PromotionList />;
}

function Failure({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
    >
      <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
      {message}
    </p>
  );
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-teal hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

const newPromotion = (
  <Link to={promotionLinks.create} className={buttonClasses('primary')}>
    <Plus aria-hidden="true" className="size-4" />
    New promotion
  </Link>
);

const codeText = (p: Promotion) => p.code ?? 'Automatic';

function Code({ p }: { p: Promotion }) {
  return p.code === null ? (
    <span className="text-ink-soft">Automatic</span>
  ) : (
    <code className="rounded bg-ivory px-1.5 py-0.5 font-mono text-sm font-semibold text-ink ring-1 ring-sand">
      {codeText(p)}
    </code>
  );
}

/** Start and end each on a line of their own in the narrow column: a date never breaks in two. */
function When({ p }: { p: Promotion }) {
  const [from, to] = promotionWhenParts(p);
  return (
    <>
      <span className="whitespace-nowrap">{from} –</span> <span className="whitespace-nowrap">{to}</span>
    </>
  );
}

const th =
  'sticky top-14 z-10 border-b border-sand bg-ivory px-2.5 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase';
const td = 'border-b border-sand/70 px-2.5 py-3.5 align-top';

function PromotionRow({ p, now }: { p: Promotion; now: number }) {
  return (
    <tr className="hover:bg-ivory/60">
      <td className={td}>
        <Link to={promotionLinks.detail(p.id)} className="font-semibold text-ink hover:text-maroon hover:underline">
          {p.name}
        </Link>
        <p className="mt-0.5 text-xs text-ink-soft">{promotionOffer(p)}</p>
      </td>
      <td className={cx(td, 'whitespace-nowrap')}>{kindLabel(p)}</td>
      <td className={td}>
        <Code p={p} />
      </td>
      <td className={cx(td, 'text-ink-soft')}>
        <When p={p} />
      </td>
      <td className={td}>
        <PromotionStatusBadge status={promotionStatus(p, now)} />
      </td>
      <td className={cx(td, 'text-right tabular-nums')}>{p.figures.uses.toLocaleString('en-IN')}</td>
      <td className={cx(td, 'text-right font-semibold whitespace-nowrap text-maroon tabular-nums')}>
        {formatRupees(p.figures.revenueRupees)}
      </td>
      <td className={cx(td, 'text-right whitespace-nowrap tabular-nums')}>{formatRupees(p.figures.discountRupees)}</td>
      <td className={cx(td, 'py-2')}>
        <PromotionActions promotion={p} compact />
      </td>
    </tr>
  );
}

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function PromotionCard({ p, now }: { p: Promotion; now: number }) {
  return (
    <li>
      <article aria-label={p.name} className="h-full rounded-xl border border-sand bg-white p-4 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={promotionLinks.detail(p.id)}
              className="font-semibold text-ink hover:text-maroon hover:underline"
            >
              {p.name}
            </Link>
            <p className="mt-0.5 text-sm text-ink-soft">
              {kindLabel(p)} · {promotionOffer(p)}
            </p>
          </div>
          <PromotionStatusBadge status={promotionStatus(p, now)} />
        </div>
        <dl className="mt-4 grid grid-cols-3 gap-x-4 gap-y-3 border-t border-sand/70 pt-4 text-sm">
          <Figure label="Code" className="col-span-3">
            <Code p={p} />
          </Figure>
          <Figure label="When" className="col-span-3">
            {promotionWhen(p)}
          </Figure>
          <Figure label="Uses">
            <span className="tabular-nums">{p.figures.uses.toLocaleString('en-IN')}</span>
          </Figure>
          <Figure label="Revenue">
            <span className="font-semibold text-maroon tabular-nums">{formatRupees(p.figures.revenueRupees)}</span>
          </Figure>
          <Figure label="Discount given">
            <span className="tabular-nums">{formatRupees(p.figures.discountRupees)}</span>
          </Figure>
        </dl>
        <div className="mt-3 flex justify-end border-t border-sand/70 pt-2">
          <PromotionActions promotion={p} compact />
        </div>
      </article>
    </li>
  );
}

function PromotionList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { currentData, error, isFetching } = useListPromotionsQuery({ page });
  const wide = useMediaQuery(WIDE, true);
  const top = useRef<HTMLDivElement>(null);
  const now = Date.now();
  const pages = currentData ? Math.max(1, Math.ceil(currentData.total / PROMOTIONS_PAGE_SIZE)) : 1;

  // A page past the end (after a delete) starts again at the last page.
  useEffect(() => {
    if (currentData && !isFetching && page > pages) {
      const next = new URLSearchParams(params);
      if (pages > 1) next.set('page', String(pages));
      else next.delete('page');
      setParams(next, { replace: true });
    }
  }, [currentData, isFetching, page, pages, params, setParams]);

  function goToPage(p: number) {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    top.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <div ref={top} className="scroll-mt-24">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">
          {currentData
            ? `${currentData.total.toLocaleString('en-IN')} ${currentData.total === 1 ? 'promotion' : 'promotions'}, newest first`
            : ' '}
        </p>
        {newPromotion}
      </div>
      <div aria-busy={isFetching} className={cx(isFetching && currentData && 'opacity-60 transition-opacity')}>
        {error && !currentData ? (
          <Failure message={errorText(error)} />
        ) : !currentData ? (
          <PageSpinner />
        ) : currentData.promotions.length === 0 ? (
          <EmptyState
            icon={<BadgePercent className="size-8" />}
            title="No promotions yet"
            message="A festive sale on sarees, a code for your regulars, free shipping over an amount: make one and it shows here with its figures."
            action={newPromotion}
          />
        ) : wide ? (
          <div className="rounded-xl border border-sand bg-white shadow-sm">
            <table aria-label="Promotions" className="w-full border-separate border-spacing-0 text-sm">
              <thead>
                <tr>
                  {COLUMNS.map(([name, align], n) => (
                    <th key={name} scope="col" className={cx(th, align, n === 0 && 'rounded-tl-xl')}>
                      {name}
                    </th>
                  ))}
                  <th scope="col" className={cx(th, 'rounded-tr-xl text-left')}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {currentData.promotions.map((p) => (
                  <PromotionRow key={p.id} p={p} now={now} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul aria-label="Promotions" className="grid gap-4 sm:grid-cols-2">
            {currentData.promotions.map((p) => (
              <PromotionCard key={p.id} p={p} now={now} />
            ))}
          </ul>
        )}
        {currentData && (
          <Pagination
            page={Math.min(page, pages)}
            pageSize={PROMOTIONS_PAGE_SIZE}
            totalItems={currentData.total}
            onPageChange={goToPage}
            className="mt-8"
          />
        )}
      </div>
    </div>
  );
}

const limit = (n: number | null, text: (n: number) => string) => (n === null ? 'No limit' : text(n));

function Rules({ p }: { p: PromotionDetail }) {
  const t = p.target;
  const covers =
    !t || t.categories.length + t.brands.length + t.productIds.length === 0
      ? 'Everything'
      : [
          t.categories.length > 0 && `Categories: ${t.categories.join(', ')}`,
          t.brands.length > 0 && `Brands: ${t.brands.join(', ')}`,
          t.productIds.length > 0 && `Products: ${t.productIds.map((id) => `#${id}`).join(', ')}`,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
      <Figure label="Minimum order">{p.minOrderRupees > 0 ? formatRupees(p.minOrderRupees) : 'None'}</Figure>
      <Figure label="Uses in all">{limit(p.usageLimit, (n) => n.toLocaleString('en-IN'))}</Figure>
      <Figure label="Budget">{limit(p.budgetRupees, formatRupees)}</Figure>
      <Figure label="Uses per customer">{limit(p.perCustomerLimit, (n) => n.toLocaleString('en-IN'))}</Figure>
      <Figure label="Who">{p.newCustomersOnly ? 'New customers only' : 'Every customer'}</Figure>
      <Figure label="Priority">
        {p.priority}
        {p.exclusive && ' · cannot be combined with other offers'}
      </Figure>
      <Figure label="Covers" className="sm:col-span-2 lg:col-span-3">
        {covers}
      </Figure>
    </dl>
  );
}

function PromotionView({ id }: { id: number }) {
  const { currentData: p, error } = useGetPromotionQuery(id);
  const navigate = useNavigate();
  const back = <BackLink to={promotionLinks.list()}>All promotions</BackLink>;
  if (error && !p)
    return (
      <div className="space-y-4">
        {back}
        <Failure message={errorText(error)} />
      </div>
    );
  if (!p) return <PageSpinner />;
  const status = promotionStatus(p);
  return (
    <div className="max-w-5xl space-y-6">
      {back}
      <section aria-labelledby="promotion-name" className="rounded-xl border border-sand/80 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="promotion-name" className="font-serif text-2xl font-semibold text-ink">
                {p.name}
              </h2>
              <PromotionStatusBadge status={status} />
            </div>
            <p className="mt-1 text-ink-soft">
              {kindLabel(p)} · {promotionOffer(p)}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
              <Code p={p} />
              <span>{promotionWhen(p)} (IST)</span>
            </p>
          </div>
          <PromotionActions promotion={p} onDeleted={() => void navigate(promotionLinks.list())} />
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-3 border-t border-sand/70 pt-5">
          {[
            { label: 'Uses', value: p.figures.uses.toLocaleString('en-IN') },
            { label: 'Revenue', value: formatRupees(p.figures.revenueRupees) },
            { label: 'Discount given', value: formatRupees(p.figures.discountRupees) },
          ].map((f) => (
            <div key={f.label} className="rounded-lg bg-ivory px-3 py-3 sm:px-4">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{f.label}</dt>
              <dd className="mt-1 font-serif text-xl font-semibold text-maroon tabular-nums sm:text-2xl">{f.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 border-t border-sand/70 pt-5">
          <Rules p={p} />
        </div>
      </section>
      {(p.code !== null || p.batchCodes > 0) && <PromotionCodes promotionId={p.id} batchCodes={p.batchCodes} />}
      <PromotionDays days={p.days} />
    </div>
  );
}

function FormHeading({ children }: { children: ReactNode }) {
  return <h2 className="mt-2 mb-5 font-serif text-2xl font-semibold text-ink">{children}</h2>;
}

function NewPromotion(props: PromotionsScreenProps) {
  const navigate = useNavigate();
  return (
    <div className="max-w-4xl">
      <BackLink to={promotionLinks.list()}>All promotions</BackLink>
      <FormHeading>New promotion</FormHeading>
      <PromotionForm
        {...props}
        onCancel={() => void navigate(promotionLinks.list())}
        onSaved={(p) => {
          toast.success(PROMOTION_CREATED);
          void navigate(promotionLinks.detail(p.id));
        }}
      />
    </div>
  );
}

function EditPromotion({ id, ...props }: PromotionsScreenProps & { id: number }) {
  const { currentData: p, error } = useGetPromotionQuery(id);
  const navigate = useNavigate();
  const back = <BackLink to={promotionLinks.detail(id)}>Back to the promotion</BackLink>;
  if (error && !p)
    return (
      <div className="space-y-4">
        {back}
        <Failure message={errorText(error)} />
      </div>
    );
  if (!p) return <PageSpinner />;
  return (
    <div className="max-w-4xl">
      {back}
      <FormHeading>Edit “{p.name}”</FormHeading>
      <PromotionForm
        // A fresh form per promotion: its values are read once.
        key={p.id}
        promotion={p}
        {...props}
        onCancel={() => void navigate(promotionLinks.detail(id))}
        onSaved={() => {
          toast.success(PROMOTION_SAVED);
          void navigate(promotionLinks.detail(id));
        }}
      />
    </div>
  );
}
