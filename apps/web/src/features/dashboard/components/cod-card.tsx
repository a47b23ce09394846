import type { Dashboard } from '@shop/shared/order';

const percent = (v: number) => `${(v * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

/** The period's cash orders, what became of their confirmation, and where parcels came back (docs/product.md, Cash on delivery). */
export function CodCard({ cod, className }: { cod: NonNullable<Dashboard['cod']>; className?: string }) {
  const counts = [
    { label: 'Confirmed', value: cod.confirmed, tone: 'text-green-800' },
    { label: 'Awaiting confirmation', value: cod.awaiting, tone: 'text-ink' },
    { label: 'Cancelled unconfirmed', value: cod.cancelledUnconfirmed, tone: 'text-red-800' },
  ];
  return (
    <section aria-labelledby="cod-card" className={className}>
      <h2 id="cod-card" className="font-semibold text-ink">
        Cash on delivery
      </h2>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="font-serif text-2xl font-semibold text-ink tabular-nums">{percent(cod.share)}</span>
        <span className="text-sm text-ink-soft">
          of orders ({cod.orders.toLocaleString('en-IN')} {cod.orders === 1 ? 'order' : 'orders'})
        </span>
      </p>
      <div className="mt-2 h-2 rounded-full bg-ivory" aria-hidden="true">
        <div className="h-2 rounded-full bg-gold" style={{ width: `${Math.min(1, cod.share) * 100}%` }} />
      </div>
      <dl className="mt-4 divide-y divide-sand/70 text-sm">
        {counts.map((c) => (
          <div key={c.label} className="flex justify-between py-1.5">
            <dt className="text-ink">{c.label}</dt>
            <dd className={`font-semibold tabular-nums ${c.tone}`}>{c.value.toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {cod.returnedByPrefix && cod.returnedByPrefix.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-ink">Returned to you, by PIN area</h3>
          <p className="text-xs text-ink-soft">Shipped cash parcels that came back, by the first three digits of the PIN.</p>
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-ink-soft">
                <th scope="col" className="py-1 font-medium">PIN area</th>
                <th scope="col" className="py-1 text-right font-medium">Returned</th>
                <th scope="col" className="py-1 text-right font-medium">Rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand/70">
              {cod.returnedByPrefix.map((r) => (
                <tr key={r.prefix}>
                  <th scope="row" className="py-1.5 text-left font-medium tabular-nums text-ink">{r.prefix}xxx</th>
                  <td className="py-1.5 text-right tabular-nums text-ink">
                    {r.returned.toLocaleString('en-IN')} of {r.shipped.toLocaleString('en-IN')}
                  </td>
                  <td className="py-1.5 text-right font-semibold tabular-nums text-red-800">{percent(r.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
