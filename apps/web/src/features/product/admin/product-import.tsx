import { useId } from 'react';
import { AlertTriangle, CheckCircle2, FileUp, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { API_BASE } from '../../../lib/api-client';
import { PREVIEW_ROWS, useProductImport } from './use-product-import';

const card = 'min-w-0 rounded-xl border border-sand bg-white p-5 shadow-sm';
const plural = (n: number, one: string) => `${n.toLocaleString('en-IN')} ${one}${n === 1 ? '' : 's'}`;

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="mt-4">
      <div className="flex justify-between text-sm text-ink-soft">
        <span>{label}</span>
        <span className="tabular-nums">{Math.round(value * 100)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value * 100)}
        className="mt-1 h-2 rounded-full bg-ivory"
      >
        <div className="h-2 rounded-full bg-teal transition-[width]" style={{ width: `${value * 100}%` }} />
      </div>
    </div>
  );
}

export function ProductImport() {
  const im = useProductImport();
  const inputId = useId();
  const busy = im.step === 'checking' || im.step === 'importing';
  const check = im.check;

  return (
    <div className="space-y-6">
      <section aria-labelledby="import-file" className={card}>
        <h2 id="import-file" className="font-semibold text-ink">
          1. Choose a CSV file
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          Use the format of the{' '}
          <a href={`${API_BASE}/products/export`} className="font-medium text-teal hover:underline" download>
            product export
          </a>
          , Shopify's product CSV layout with a row per colour and size. A product with an id updates that
          product; one without, such as a product exported from Shopify, adds a new product. Nothing changes
          until you import.
        </p>
        <label
          htmlFor={inputId}
          className={cx(
            'mt-4 flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-sand bg-ivory/60 px-4 py-8 text-center hover:border-teal/50',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <FileUp aria-hidden="true" className="size-8 text-teal" />
          <span className="font-medium text-ink">{im.file ? im.file.name : 'Choose a CSV file'}</span>
          <span className="text-xs text-ink-soft">UTF-8 CSV, under 10 MB</span>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void im.choose(f);
            e.target.value = '';
          }}
        />
        {busy && (
          <Progress
            value={im.progress}
            label={im.step === 'checking' ? 'Uploading to check' : 'Uploading to import'}
          />
        )}
      </section>

      {im.preview && (
        <section aria-labelledby="import-preview" className={card}>
          <h2 id="import-preview" className="font-semibold text-ink">
            2. Preview of the first {Math.min(PREVIEW_ROWS, im.preview.rows.length)} rows
          </h2>
          <div
            tabIndex={0}
            role="region"
            aria-label="Preview, scrollable"
            className="mt-3 max-h-80 overflow-auto rounded-lg border border-sand"
          >
            <table className="w-full text-xs">
              <caption className="sr-only">The file's first rows</caption>
              <thead className="sticky top-0 bg-ivory text-left text-ink-soft">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Line
                  </th>
                  {im.preview.columns.map((c) => (
                    <th key={c} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-sand/70">
                {im.preview.rows.map((r, i) => (
                  <tr key={i}>
                    <td className="px-2 py-1.5 text-ink-soft tabular-nums">{i + 2}</td>
                    {r.map((v, j) => (
                      <td key={j} className="max-w-48 truncate px-2 py-1.5 text-ink" title={v}>
                        {v}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {im.step === 'checking' && <Spinner label="Checking the file" />}
      {im.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {im.error}
        </p>
      )}

      {check && im.step !== 'done' && (
        <section aria-labelledby="import-check" className={card}>
          <h2 id="import-check" className="font-semibold text-ink">
            3. {check.errors.length ? 'Fix these lines, then choose the file again' : 'Ready to import'}
          </h2>
          {check.errors.length > 0 ? (
            <>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-red-800">
                <AlertTriangle aria-hidden="true" className="size-4" />
                {plural(check.errors.length, 'problem')} found; nothing has been imported.
              </p>
              <ul
                tabIndex={0}
                aria-label="Problems in the file"
                className="mt-3 max-h-72 divide-y divide-sand/70 overflow-auto rounded-lg border border-sand text-sm"
              >
                {check.errors.map((e, i) => (
                  <li key={i} className="flex gap-3 px-3 py-2">
                    <span className="w-16 shrink-0 font-semibold text-ink-soft tabular-nums">
                      Line {e.line}
                    </span>
                    <span className="text-ink">{e.message}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p className="mt-1 text-sm text-ink-soft">
                This will add {plural(check.created, 'new product')} and update{' '}
                {plural(check.updated, 'product')}.
              </p>
              <Button
                className="mt-4"
                onClick={() => void im.commit()}
                disabled={busy || check.created + check.updated === 0}
              >
                <Upload aria-hidden="true" className="size-4" />
                Import products
              </Button>
            </>
          )}
        </section>
      )}

      {im.step === 'done' && im.outcome && (
        <section
          role="status"
          aria-labelledby="import-done"
          className={cx(card, 'border-green-200 bg-green-50/60')}
        >
          <h2 id="import-done" className="flex items-center gap-2 font-semibold text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Import complete
          </h2>
          <p className="mt-1 text-sm text-ink">
            {plural(im.outcome.created, 'product')} added, {plural(im.outcome.updated, 'product')} updated.
          </p>
          <Button variant="outline" className="mt-4" onClick={im.reset}>
            Import another file
          </Button>
        </section>
      )}
    </div>
  );
}
