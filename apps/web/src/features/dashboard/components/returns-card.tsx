import { Link } from 'react-router';
import { formatRupees } from '@shop/shared/money';
import { RETURN_REASON_LABELS, type ReturnFigures } from '@shop/shared/returns';
import { paths } from '../../../config/paths';

const percent = (v: number) => `${(v * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;
const count = (n: number) => n.toLocaleString('en-IN');

/**
 * The period's returns by reason and by product, with each product's return rate, and what is still
 * to do whatever the period: returns to work on and the refunds the shop owes (docs/product.md, Returns
 * and refunds).
 */
export function ReturnsCard({ returns, className }: { returns: ReturnFigures; className?: string }) {
  const reasons = [...returns.byReason].filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
  const max = Math.max(1, ...reasons.map((r) => r.count));
  const owed = returns.refundsOwed;
  return (
    <section aria-labelledby="returns-card" className={className}>
      <h2 id="returns-card" className="font-semibold text-ink">
        Returns
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-ivory px-3 py-2">
          <dt className="text-xs text-ink-soft">Open returns</dt>
          <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">
            <Link to={paths.adminReturns} className="hover:text-teal hover:underline">
              {count(returns.open)}
            </Link>
          </dd>
        </div>
        <div className={owed.count > 0 ? 'rounded-lg bg-gold/20 px-3 py-2' : 'rounded-lg bg-ivory px-3 py-2'}>
          <dt className="text-xs text-ink-soft">Refunds owed</dt>
          <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">
            <Link to={`${paths.adminReturns}?tab=owed`} className="hover:text-teal hover:underline">
              {formatRupees(owed.amount)}
            </Link>
            <span className="block font-sans text-xs font-normal text-ink-soft">
              {count(owed.count)} {owed.count === 1 ? 'refund' : 'refunds'} to pay
            </span>
          </dd>
        </div>
      </dl>

      <h3 className="mt-5 text-sm font-semibold text-ink">By reason</h3>
      {reasons.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">No returns asked for in this period.</p>
      ) : (
        <ul className="mt-2 space-y-2.5">
          {reasons.map((r) => (
            <li key={r.reason}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-ink">{RETURN_REASON_LABELS[r.reason]}</span>
                <span className="font-semibold text-ink tabular-nums">{count(r.count)}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-ivory" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-maroon/70"
                  style={{ width: `${(r.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      {returns.topProducts.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-ink">Most returned</h3>
          <table className="mt-1 w-full table-fixed text-sm">
            <thead>
              <tr className="text-left text-xs text-ink-soft">
                <th scope="col" className="py-1 font-medium">
                  Product
                </th>
                <th scope="col" className="w-24 py-1 text-right font-medium">
                  Returned
                </th>
                <th scope="col" className="w-14 py-1 text-right font-medium">
                  Rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand/70">
              {returns.topProducts.map((p) => (
                <tr key={p.productId}>
                  <th scope="row" className="truncate py-1.5 pr-2 text-left font-normal">
                    <Link
                      to={paths.adminProductDetail(p.productId)}
                      title={p.title}
                      className="text-ink hover:text-teal hover:underline"
                    >
                      {p.title}
                    </Link>
                  </th>
                  <td className="py-1.5 text-right text-ink tabular-nums">
                    {count(p.returned)} of {count(p.sold)}
                  </td>
                  <td className="py-1.5 text-right font-semibold text-red-800 tabular-nums">
                    {p.sold > 0 ? percent(p.returned / p.sold) : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
