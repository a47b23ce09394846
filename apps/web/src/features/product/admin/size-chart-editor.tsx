import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Select } from '../../../components/ui/select';
import { inputClasses } from '../../../components/ui/text-field';
import type { ChartDraft } from './product-form-values';

export interface SizeChartEditorProps {
  value: ChartDraft;
  onChange: (chart: ChartDraft) => void;
  /** The message for a part of the chart: '' (the chart), 'measurements.1', 'rows.0.values.2'… */
  errorFor?: (path: string) => string | undefined;
  /** Names the table: "Size chart of this product". */
  label: string;
  disabled?: boolean;
}

const MAX_MEASUREMENTS = 8;
const MAX_ROWS = 20;
const UNITS = [
  { value: 'in', label: 'inches' },
  { value: 'cm', label: 'cm' },
] as const;

const removeButton =
  'flex size-8 shrink-0 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-red-50 hover:text-red-700 disabled:opacity-50';

/** Measurements across, sizes down; every cell a number in the chart's unit (or empty). */
export function SizeChartEditor({
  value,
  onChange,
  errorFor = () => undefined,
  label,
  disabled,
}: SizeChartEditorProps) {
  const id = useId();
  const { measurements, rows } = value;
  const set = (patch: Partial<ChartDraft>) => onChange({ ...value, ...patch });
  const measurementName = (j: number) => measurements[j]?.trim() || `Measurement ${j + 1}`;
  const rowName = (i: number) => rows[i]?.size.trim() || `row ${i + 1}`;

  const errorText = (path: string) => {
    const message = errorFor(path);
    return message ? (
      <p id={`${id}-${path}`} className="mt-1 text-xs text-red-700">
        {message}
      </p>
    ) : null;
  };
  const described = (path: string) => (errorFor(path) ? `${id}-${path}` : undefined);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Measurements in"
          options={UNITS}
          value={value.unit}
          onChange={(e) => set({ unit: e.target.value as ChartDraft['unit'] })}
          disabled={disabled}
          wrapperClassName="w-36"
        />
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || measurements.length >= MAX_MEASUREMENTS}
          onClick={() =>
            set({
              measurements: [...measurements, ''],
              rows: rows.map((r) => ({ ...r, values: [...r.values, ''] })),
            })
          }
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          Add measurement
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || rows.length >= MAX_ROWS}
          onClick={() => set({ rows: [...rows, { size: '', values: measurements.map(() => '') }] })}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          Add size row
        </Button>
      </div>
      {errorText('measurements')}
      {errorText('rows')}
      <div className="max-w-3xl overflow-x-auto rounded-lg border border-sand">
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-ivory text-left text-xs text-ink-soft">
            <tr>
              <th scope="col" className="w-28 px-2 py-2 font-semibold uppercase">
                Size
              </th>
              {measurements.map((m, j) => (
                <th key={j} scope="col" className="min-w-28 px-2 py-2 align-top font-normal">
                  <div className="flex items-center gap-1">
                    <input
                      aria-label={`Measurement ${j + 1} name`}
                      value={m}
                      placeholder="Bust"
                      disabled={disabled}
                      onChange={(e) =>
                        set({ measurements: measurements.map((x, k) => (k === j ? e.target.value : x)) })
                      }
                      aria-invalid={errorFor(`measurements.${j}`) ? true : undefined}
                      aria-describedby={described(`measurements.${j}`)}
                      className={inputClasses(
                        Boolean(errorFor(`measurements.${j}`)),
                        'min-h-9 px-2 py-1 text-sm',
                      )}
                    />
                    <button
                      type="button"
                      aria-label={`Remove measurement ${measurementName(j)}`}
                      disabled={disabled || measurements.length <= 1}
                      onClick={() =>
                        set({
                          measurements: measurements.filter((_, k) => k !== j),
                          rows: rows.map((r) => ({ ...r, values: r.values.filter((_, k) => k !== j) })),
                        })
                      }
                      className={removeButton}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                  {errorText(`measurements.${j}`)}
                </th>
              ))}
              <th scope="col" className="w-10">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand/70">
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="px-2 py-1.5 align-top">
                  <input
                    aria-label={`Size of row ${i + 1}`}
                    value={r.size}
                    placeholder="M"
                    disabled={disabled}
                    onChange={(e) =>
                      set({ rows: rows.map((x, k) => (k === i ? { ...x, size: e.target.value } : x)) })
                    }
                    aria-invalid={errorFor(`rows.${i}.size`) ? true : undefined}
                    aria-describedby={described(`rows.${i}.size`)}
                    className={inputClasses(Boolean(errorFor(`rows.${i}.size`)), 'min-h-9 px-2 py-1 text-sm')}
                  />
                  {errorText(`rows.${i}.size`)}
                </td>
                {measurements.map((_, j) => {
                  const path = `rows.${i}.values.${j}`;
                  return (
                    <td key={j} className="px-2 py-1.5 align-top">
                      <input
                        type="number"
                        inputMode="decimal"
                        step="any"
                        min={0}
                        aria-label={`${measurementName(j)}, size ${rowName(i)}`}
                        value={r.values[j] ?? ''}
                        disabled={disabled}
                        onChange={(e) =>
                          set({
                            rows: rows.map((x, k) =>
                              k === i
                                ? { ...x, values: x.values.map((v, l) => (l === j ? e.target.value : v)) }
                                : x,
                            ),
                          })
                        }
                        aria-invalid={errorFor(path) ? true : undefined}
                        aria-describedby={described(path)}
                        className={inputClasses(
                          Boolean(errorFor(path)),
                          'min-h-9 px-2 py-1 text-sm tabular-nums',
                        )}
                      />
                      {errorText(path)}
                    </td>
                  );
                })}
                <td className={cx('px-1 py-1.5 align-top')}>
                  <button
                    type="button"
                    aria-label={`Remove size row ${rowName(i)}`}
                    disabled={disabled || rows.length <= 1}
                    onClick={() => set({ rows: rows.filter((_, k) => k !== i) })}
                    className={removeButton}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
