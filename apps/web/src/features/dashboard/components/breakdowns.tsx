import { Link } from 'react-router';
import { formatRupees } from '@shop/shared/money';
import type { Dashboard, DashboardProduct } from '@shop/shared/order';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { CodCard } from './cod-card';
import { ReturnsCard } from './returns-card';
import { PromotionsCard } from './promotions-card';
import { NewReviewsCard } from './reviews-card';

const STATUS_BAR = {
  pending: 'bg-purple-500',
  dispatched: 'bg-yellow-500',
  delivered: 'bg-green-600',
  cancelled: 'bg-red-600',
} as const;
const METHOD_BAR = { cash: 'bg-gold', card: 'bg-teal' } as const;
const METHOD_LABEL = { cash: 'Cash on delivery', card: 'Card / UPI' } as const;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// min-w-0: a grid item otherwise grows to its longest unbroken title and the page scrolls sideways.
export const cardClass = 'min-w-0 rounded-xl border border-sand bg-white p-5 shadow-sm';

function Bars({ rows }: { rows: { label: string; value: number; extra?: string; bar: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="mt-4 space-y-3">
      {rows.map((r) => (
        <li key={r.label}>
          <div className="flex justify-between text-sm">
            <span className="text-ink">{r.label}</span>
            <span className="font-semibold text-ink tabular-nums">
              {r.value.toLocaleString('en-IN')}
              {r.extra && <span className="ml-2 font-normal text-ink-soft">{r.extra}</span>}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-ivory">
            <div className={cx('h-2 rounded-full', r.bar)} style={{ width: `${(r.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Breakdowns({ data }: { data: Dashboard }) {
  return (
    <>
      <section aria-labelledby="by-status" className={cardClass}>
        <h2 id="by-status" className="font-semibold text-ink">
          Orders by status
        </h2>
        <Bars
          rows={data.byStatus.map((s) => ({
            label: cap(s.status),
            value: s.orders,
            bar: STATUS_BAR[s.status],
          }))}
        />
      </section>
      <section aria-labelledby="by-method" className={cardClass}>
        <h2 id="by-method" className="font-semibold text-ink">
          Orders by payment method
        </h2>
        <Bars
          rows={data.byPaymentMethod.map((m) => ({
            label: METHOD_LABEL[m.paymentMethod],
            value: m.orders,
            extra: formatRupees(m.revenue),
            bar: METHOD_BAR[m.paymentMethod],
          }))}
        />
      </section>
      {data.cod && <CodCard cod={data.cod} className={cardClass} />}
      {data.returns && <ReturnsCard returns={data.returns} className={cardClass} />}
      {data.promotions && <PromotionsCard promotions={data.promotions} className={cardClass} />}
      {data.newReviews && <NewReviewsCard reviews={data.newReviews} className={cardClass} />}
    </>
  );
}

export function TopProducts({
  title,
  id,
  rows,
  by,
}: {
  title: string;
  id: string;
  rows: DashboardProduct[];
  by: 'revenue' | 'units';
}) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="font-semibold text-ink">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-ink-soft">No sales in this period yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-sand/70 text-sm">
          {rows.map((p, i) => (
            <li key={p.productId} className="flex items-center gap-3 py-2">
              <span className="w-5 text-right text-xs font-semibold text-ink-soft tabular-nums">{i + 1}</span>
              <Link
                to={paths.adminProductDetail(p.productId)}
                className="min-w-0 flex-1 truncate text-ink hover:text-teal hover:underline"
              >
                {p.title}
              </Link>
              <span className="font-semibold text-ink tabular-nums">
                {by === 'revenue' ? formatRupees(p.revenue) : `${p.units} sold`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

export function LowStock({ data }: { data: Dashboard }) {
  const { threshold, products } = data.lowStock;
  return (
    <section aria-labelledby="low-stock" className={cardClass}>
      <h2 id="low-stock" className="font-semibold text-ink">
        Running low <span className="font-normal text-ink-soft">(≤ {threshold} left)</span>
      </h2>
      {products.length === 0 ? (
        <p className="mt-4 text-sm text-ink-soft">Every product has more than {threshold} in stock.</p>
      ) : (
        <ul className="mt-3 divide-y divide-sand/70 text-sm">
          {products.map((p) => (
            <li key={`${p.id}-${p.title}`} className="flex items-center gap-3 py-2">
              <Link
                to={paths.adminProductEdit(p.id)}
                className="min-w-0 flex-1 truncate text-ink hover:text-teal hover:underline"
              >
                {p.title}
                <span className="ml-1 text-ink-soft">· {p.brand}</span>
              </Link>
              <span
                className={cx(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  p.stock === 0 ? 'bg-red-100 text-red-800' : 'bg-yellow-100 text-yellow-900',
                )}
              >
                {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
              </span>
              {/* Shoppers waiting for it back (back-in-stock alerts): a reason to restock it first. */}
              {p.waiting ? (
                <span className="rounded-full bg-teal/10 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-teal">
                  {p.waiting.toLocaleString('en-IN')} waiting
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.lowStockAlerts.length > 0 && (
        <>
          <h3 className="mt-5 text-xs font-semibold tracking-wide text-ink-soft uppercase">Alerts mailed</h3>
          <ul className="mt-2 space-y-1 text-sm text-ink-soft">
            {data.lowStockAlerts.map((a) => (
              <li key={`${a.productId}-${a.at}`}>
                {when(a.at)} · <span className="text-ink">{a.title}</span> down to {a.stock}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
