import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { indiaDate } from '@shop/shared/india-time';
import { API_BASE } from '../../../lib/api-client';

const thisMonth = () => indiaDate().slice(0, 7);

export function GstReportControl({ className }: { className?: string }) {
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <div className={className ?? 'flex flex-wrap items-end gap-3 rounded-xl border border-sand bg-white p-3 shadow-sm'}>
      <div>
        <label htmlFor={id} className="block text-xs font-semibold tracking-wide text-ink-soft uppercase">
          GST report month
        </label>
        <input
          id={id}
          type="month"
          value={month}
          min="2017-07"
          max={thisMonth()}
          onChange={(e) => setMonth(e.target.value)}
          className="mt-1 h-11 rounded-lg border border-sand bg-ivory px-3 text-sm text-ink focus:border-teal focus:outline-2 focus:outline-teal/40"
        />
      </div>
      <a
        href={valid ? `${API_BASE}/reports/gst?month=${month}` : undefined}
        aria-disabled={!valid}
        download
        className="inline-flex h-11 items-center gap-2 rounded-lg bg-teal px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-teal/90 aria-disabled:pointer-events-none aria-disabled:opacity-50"
      >
        <Download aria-hidden="true" className="size-4" />
        Download GST report (CSV)
      </a>
    </div>
  );
}
