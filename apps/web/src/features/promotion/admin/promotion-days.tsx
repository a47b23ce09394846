import { useId } from 'react';
import { formatRupees } from '@shop/shared/money';
import type { PromotionDay } from '@shop/shared/promotions';
import { formatIstDay } from './promotion-parts';

const th = 'border-b border-sand bg-ivory px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase';
const td = 'border-b border-sand/70 px-3 py-2.5';

/** A promotion's orders by India day: a small table, each day's revenue drawn as a bar beside it. */
export function PromotionDays({ days }: { days: readonly PromotionDay[] }) {
  const id = useId();
  const most = Math.max(0, ...days.map((d) => d.revenueRupees));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-sand/80 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Orders by day
      </h2>
      {days.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No order has used it yet.</p>
      ) : (
        <div className="mt-4 -mx-5 overflow-x-auto sm:mx-0">
          <table aria-labelledby={`${id}-title`} className="w-full border-separate border-spacing-0 text-sm">
            <thead>
              <tr>
                <th scope="col" className={`${th} text-left`}>
                  Day
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Orders
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Discount
                </th>
                <th scope="col" className={`${th} text-left`}>
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className={`${td} text-left font-medium whitespace-nowrap text-ink`}>
                    <time dateTime={d.day}>{formatIstDay(d.day)}</time>
                  </th>
                  <td className={`${td} text-right tabular-nums`}>{d.orders.toLocaleString('en-IN')}</td>
                  <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{formatRupees(d.discountRupees)}</td>
                  <td className={`${td} min-w-40`}>
                    <span className="flex items-center gap-2">
                      <span className="w-24 shrink-0 text-right font-semibold whitespace-nowrap text-maroon tabular-nums">
                        {formatRupees(d.revenueRupees)}
                      </span>
                      <span aria-hidden="true" className="h-2.5 flex-1 rounded-full bg-sand/50">
                        <span
                          className="block h-full rounded-full bg-gold"
                          style={{ width: `${most > 0 ? Math.max(2, (d.revenueRupees / most) * 100) : 0}%` }}
                        />
                      </span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
