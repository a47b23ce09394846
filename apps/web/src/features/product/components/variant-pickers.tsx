import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import { colourName } from '../../../lib/colour-name';
import type { SizeOption } from '../variant-choice';

/** Whether a swatch is light enough to need a dark tick (relative luminance, WCAG's formula). */
function isLight(hex: string): boolean {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const v = parseInt(h, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4;
}

/** Two shades with one name ("Maroon", "Maroon 2") must still read differently. */
export function distinctNames(colours: readonly string[]): Map<string, string> {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const c of colours) {
    const name = colourName(c);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    names.set(c, n === 1 ? name : `${name} ${n}`);
  }
  return names;
}

interface PickerProps<T> {
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * Colour swatches as a native radio group: arrow keys move between them and each reads its colour
 * name. Nothing is chosen at first.
 */
export function ColourPicker({
  colours,
  value,
  onChange,
  className,
}: PickerProps<string> & { colours: readonly string[] }) {
  const names = distinctNames(colours);
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold text-ink">
        Colour
        {value && (
          <span className="font-normal text-ink-soft">: {names.get(value) ?? colourName(value)}</span>
        )}
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {colours.map((c) => (
          <label
            key={c}
            title={names.get(c)}
            className="relative flex size-11 cursor-pointer items-center justify-center rounded-full"
          >
            <input
              type="radio"
              name="colour"
              value={c}
              checked={value === c}
              onChange={() => onChange(c)}
              aria-label={names.get(c)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              style={{ backgroundColor: c }}
              className="size-9 rounded-full shadow-inner ring-1 ring-ink/20 ring-offset-2 transition peer-checked:ring-2 peer-checked:ring-maroon peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-teal"
            />
            {value === c && (
              <Check
                aria-hidden="true"
                className={cx('pointer-events-none absolute size-4', isLight(c) ? 'text-ink' : 'text-white')}
                strokeWidth={3}
              />
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const UNAVAILABLE: Record<Exclude<SizeOption['status'], 'available'>, string> = {
  soldOut: 'sold out',
  notMade: 'not made in this colour',
};

/**
 * Sizes as a radio group of pills, as the shop sells them ("M", "42 in", "5.5 m"); nothing is chosen
 * at first. A size that cannot be bought in the chosen colour stays in the group, so it is heard and
 * seen struck through, but cannot be picked.
 */
export function SizePicker({
  sizes,
  value,
  onChange,
  colourName: colour,
  aside,
  className,
}: PickerProps<string> & {
  sizes: readonly SizeOption[];
  /** The chosen colour's name, for the note on a picked size sold out in it. */
  colourName: string | null;
  /** Beside the legend: the size chart's link. */
  aside?: ReactNode;
  className?: string;
}) {
  const picked = sizes.find((s) => s.label === value);
  const gone = picked && picked.status !== 'available' ? picked : null;
  return (
    <div className={cx('relative', className)}>
      {aside && <div className="absolute -top-3 right-0">{aside}</div>}
      <fieldset>
        <legend className="text-sm font-semibold text-ink">
          Size
          {picked && !gone && <span className="font-normal text-ink-soft">: {picked.text}</span>}
        </legend>
        <div className="mt-3 flex flex-wrap gap-2">
          {sizes.map((s) => {
            const out = s.status !== 'available';
            return (
              <label key={s.label} className={cx('relative', out ? 'cursor-not-allowed' : 'cursor-pointer')}>
                <input
                  type="radio"
                  name="size"
                  value={s.label}
                  checked={value === s.label && !out}
                  aria-disabled={out || undefined}
                  // One name, "M, sold out": a hidden span beside the text is read with a space before the comma.
                  aria-label={
                    out ? `${s.text}, ${UNAVAILABLE[s.status as keyof typeof UNAVAILABLE]}` : undefined
                  }
                  onChange={() => {
                    if (!out) onChange(s.label);
                  }}
                  className={cx(
                    'peer absolute inset-0 size-full appearance-none rounded-lg opacity-0',
                    out ? 'cursor-not-allowed' : 'cursor-pointer',
                  )}
                />
                <span
                  className={cx(
                    'flex min-h-11 min-w-16 items-center justify-center rounded-lg border px-4 text-sm font-semibold transition',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal',
                    out
                      ? 'border-dashed border-sand bg-ivory text-ink-soft line-through decoration-ink-soft/70 decoration-2'
                      : 'border-sand bg-white text-ink hover:border-maroon/50 peer-checked:border-maroon peer-checked:bg-maroon peer-checked:text-white',
                  )}
                >
                  {s.text}
                </span>
              </label>
            );
          })}
        </div>
        <p aria-live="polite" className="text-sm text-maroon">
          {gone && (
            <span className="mt-2 block">
              {gone.text} is {gone.status === 'soldOut' ? 'sold out' : 'not made'}
              {colour ? ` in ${colour}` : ''}. Choose another size.
            </span>
          )}
        </p>
      </fieldset>
    </div>
  );
}
