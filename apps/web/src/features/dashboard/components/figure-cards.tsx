import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { DashboardFigures } from '@shop/shared/order';
import { cx } from '../../../components/ui/cx';
import { change } from '../period';

const percent = (v: number) => `${(v * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

const CARDS: {
  key: keyof DashboardFigures;
  label: string;
  format: (v: number) => string;
  upIsGood: boolean;
}[] = [
  { key: 'revenue', label: 'Revenue', format: formatRupees, upIsGood: true },
  { key: 'orders', label: 'Orders', format: (v) => v.toLocaleString('en-IN'), upIsGood: true },
  { key: 'averageOrderValue', label: 'Average order value', format: formatRupees, upIsGood: true },
  { key: 'unitsSold', label: 'Units sold', format: (v) => v.toLocaleString('en-IN'), upIsGood: true },
  { key: 'cancellationRate', label: 'Cancellation rate', format: percent, upIsGood: false },
];

export function FigureCards({
  figures,
  previous,
}: {
  figures: DashboardFigures;
  previous: DashboardFigures;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {CARDS.map((c) => {
        const now = figures[c.key];
        const before = previous[c.key];
        const delta = c.key === 'cancellationRate' ? now - before : change(now, before);
        const good = delta === null || delta === 0 ? null : delta > 0 === c.upIsGood;
        return (
          <div
            key={c.key}
            className={cx(
              'rounded-xl border border-sand bg-white p-4 shadow-sm',
              c.key === 'revenue' && 'col-span-2 lg:col-span-1',
            )}
          >
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{c.label}</dt>
            <dd className="mt-2 font-serif text-2xl font-semibold text-ink tabular-nums">{c.format(now)}</dd>
            <dd className="mt-1 flex items-center gap-1 text-xs text-ink-soft">
              {delta === null ? (
                <span>New this period</span>
              ) : (
                <>
                  <span
                    className={cx(
                      'inline-flex items-center gap-0.5 font-semibold',
                      good === null ? 'text-ink-soft' : good ? 'text-green-700' : 'text-red-700',
                    )}
                  >
                    {delta > 0 ? (
                      <TrendingUp aria-hidden="true" className="size-3.5" />
                    ) : delta < 0 ? (
                      <TrendingDown aria-hidden="true" className="size-3.5" />
                    ) : null}
                    {c.key === 'cancellationRate'
                      ? `${delta > 0 ? '+' : ''}${(delta * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })} pts`
                      : `${delta > 0 ? '+' : ''}${percent(delta)}`}
                  </span>
                  <span>vs {c.format(before)} before</span>
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
