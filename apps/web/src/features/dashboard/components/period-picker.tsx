import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { inputClasses } from '../../../components/ui/text-field';
import { PRESETS, type Period, type PresetKey } from '../period';

const fieldLabel = 'mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase';

export function PeriodPicker({
  period,
  onPreset,
  onRange,
}: {
  period: Period;
  onPreset: (k: PresetKey) => void;
  onRange: (from: string, to: string) => void;
}) {
  const [custom, setCustom] = useState(period.key === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
  }, [period.from, period.to]);

  function apply(e: FormEvent) {
    e.preventDefault();
    if (from && to && from <= to) onRange(from, to);
  }
  const item = (on: boolean) =>
    cx(
      'min-h-10 rounded-md px-3 text-sm font-medium transition-colors',
      on ? 'bg-white text-ink shadow-sm' : 'text-ink-soft hover:text-ink',
    );

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Period" className="inline-flex flex-wrap rounded-lg bg-sand/60 p-1">
        {PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            aria-pressed={!custom && period.key === p.key}
            className={item(!custom && period.key === p.key)}
            onClick={() => {
              setCustom(false);
              onPreset(p.key);
            }}
          >
            {p.label}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={item(custom)} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="period-from" className={fieldLabel}>
              From
            </label>
            <input
              id="period-from"
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
              className={inputClasses(false, 'min-h-10 py-1.5 text-sm')}
            />
          </div>
          <div>
            <label htmlFor="period-to" className={fieldLabel}>
              To
            </label>
            <input
              id="period-to"
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              className={inputClasses(false, 'min-h-10 py-1.5 text-sm')}
            />
          </div>
          <Button type="submit" variant="secondary" size="sm" className="min-h-10">
            Show
          </Button>
        </form>
      )}
    </div>
  );
}
