import { formatRupees } from '@shop/shared/money';
import type { PromotionPeriod } from '@shop/shared/promotions';
import { formatIndiaDay } from '../../../lib/india-dates';

const count = (n: number) => n.toLocaleString('en-IN');

/** The period's promotions: each one's uses, what its orders brought in and gave away, and its orders by day (docs/product.md, Promotions). */
export function PromotionsCard({ promotions, className }: { promotions: PromotionPeriod[]; className?: string }) {
  return (
    <section aria-labelledby="promotions-card" className={className}>
      <h2 id="promotions-card" className="font-semibold text-ink">
        Promotions
      </h2>
      {promotions.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No order used a promotion in this period.</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {promotions.map((p) => {
            const most = Math.max(1, ...p.days.map((d) => d.orders));
            return (
              <li key={p.id}>
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-medium text-ink">
                    {p.name}
                    {p.code && <span className="ml-2 rounded bg-ivory px-1.5 py-0.5 font-mono text-xs text-ink-soft">{p.code}</span>}
                  </span>
                  <span className="text-sm text-ink tabular-nums">{count(p.uses)} {p.uses === 1 ? 'order' : 'orders'}</span>
                </div>
                <p className="text-xs text-ink-soft">
                  {formatRupees(p.revenueRupees)} in sales · {formatRupees(p.discountRupees)} given
                </p>
                <ol className="mt-1.5 flex h-8 items-end gap-0.5" aria-label={`${p.name}: orders by day`}>
                  {p.days.map((d) => (
                    <li
                      key={d.day}
                      title={`${formatIndiaDay(d.day)}: ${count(d.orders)}`}
                      className="min-w-1 flex-1 rounded-t bg-teal/70"
                      style={{ height: `${Math.max(12, (d.orders / most) * 100)}%` }}
                    >
                      <span className="sr-only">
                        {formatIndiaDay(d.day)}: {count(d.orders)}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
