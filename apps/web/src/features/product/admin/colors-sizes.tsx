import { useId, useState, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import {
  canonicalSize,
  compareSizes,
  FREE_SIZE,
  LETTER_SIZES,
  SIZE_UNIT_NAMES,
  SIZE_UNITS,
  SIZE_MESSAGE,
  sizeNumber,
  sizeText,
  type SizeUnit,
} from '@shop/shared/variants';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Select } from '../../../components/ui/select';
import { inputClasses } from '../../../components/ui/text-field';
import { colourName } from '../../../lib/colour-name';

export interface ColorsSizesProps {
  colors: readonly string[];
  /** As sold: "M", "Free Size", "42". */
  sizes: readonly string[];
  sizeUnit: SizeUnit;
  onColorsChange: (colors: string[]) => void;
  onSizesChange: (sizes: string[]) => void;
  onSizeUnitChange: (unit: SizeUnit) => void;
  /** A rule the sizes break together (Free Size alone, two sizes of one number). */
  sizesError?: string;
  disabled?: boolean;
}

const QUICK_SIZES = [...LETTER_SIZES, FREE_SIZE];
const UNIT_OPTIONS = SIZE_UNITS.map((u) => ({ value: u, label: SIZE_UNIT_NAMES[u] }));

const chip =
  'inline-flex min-h-9 items-center gap-2 rounded-full border border-sand bg-white py-1 pr-1 pl-3 text-sm text-ink';
const chipRemove =
  'flex size-7 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-red-50 hover:text-red-700';

function Chips<T extends string | number>({
  label,
  empty,
  values,
  removeLabel,
  onRemove,
  disabled,
  children,
}: {
  label: string;
  empty: string;
  values: readonly T[];
  removeLabel: (v: T) => string;
  onRemove: (v: T) => void;
  disabled?: boolean;
  children: (v: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="mt-4 flex min-h-9 flex-wrap gap-2">
      {values.length === 0 && <li className="text-sm text-ink-soft">{empty}</li>}
      {values.map((v) => (
        <li key={v} className={chip}>
          {children(v)}
          <button
            type="button"
            aria-label={removeLabel(v)}
            disabled={disabled}
            onClick={() => onRemove(v)}
            className={chipRemove}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ColorsSizes({
  colors,
  sizes,
  sizeUnit,
  onColorsChange,
  onSizesChange,
  onSizeUnitChange,
  sizesError,
  disabled,
}: ColorsSizesProps) {
  const id = useId();
  // The colour and size being typed, kept apart from the form until added.
  const [color, setColor] = useState('#7a1f2b');
  const [size, setSize] = useState('');

  function addColor() {
    const value = color.toLowerCase();
    if (colors.includes(value)) {
      toast.error(MESSAGES.colorDuplicate);
      return;
    }
    onColorsChange([...colors, value]);
    toast.success(MESSAGES.colorAdded);
  }

  function addSize(raw: string) {
    // docs/product.md, Validation: a size below 1 (or none) is refused.
    if (raw.trim() === '' || (Number.isFinite(Number(raw)) && Number(raw) <= 0)) {
      toast.error(MESSAGES.sizeNotPositive);
      return;
    }
    const label = canonicalSize(raw);
    if (label === null) {
      toast.error(SIZE_MESSAGE);
      return;
    }
    if (sizes.some((s) => sizeNumber(s) === sizeNumber(label))) {
      toast.error(MESSAGES.sizeDuplicate);
      return;
    }
    onSizesChange([...sizes, label].sort(compareSizes));
    setSize('');
    toast.success(MESSAGES.sizeAdded);
  }

  function removeSize(label: string) {
    onSizesChange(sizes.filter((x) => x !== label));
    toast.success(MESSAGES.sizeRemoved);
  }

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <div>
        <label htmlFor={`${id}-color`} className="mb-1.5 block text-sm font-medium text-ink">
          Color
        </label>
        <div className="flex items-center gap-3">
          <input
            id={`${id}-color`}
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            disabled={disabled}
            className="h-11 w-16 cursor-pointer rounded-lg border border-sand bg-white p-1"
          />
          <span className="w-28 text-sm leading-tight text-ink">
            {colourName(color)}
            <span className="block font-mono text-xs text-ink-soft">{color.toLowerCase()}</span>
          </span>
          <Button
            variant="outline"
            onClick={addColor}
            disabled={disabled}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add Color
          </Button>
        </div>
        <Chips
          label="Colors"
          empty="No colors yet"
          values={colors}
          removeLabel={(c) => `Remove color ${c}`}
          onRemove={(c) => {
            onColorsChange(colors.filter((x) => x !== c));
            toast.success(MESSAGES.colorRemoved);
          }}
          disabled={disabled}
        >
          {(c) => (
            <>
              <span
                aria-hidden="true"
                className="size-5 rounded-full ring-1 ring-ink/20"
                style={{ backgroundColor: c }}
              />
              <span>{colourName(c)}</span>
              <span className="font-mono text-xs text-ink-soft">{c}</span>
            </>
          )}
        </Chips>
      </div>
      <div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <label htmlFor={`${id}-size`} className="mb-1.5 block text-sm font-medium text-ink">
              Size
            </label>
            <input
              id={`${id}-size`}
              type="text"
              autoComplete="off"
              placeholder="M or 42"
              value={size}
              onChange={(e) => setSize(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the size instead of submitting the whole product form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addSize(size);
                }
              }}
              disabled={disabled}
              aria-describedby={`${id}-size-hint`}
              className={inputClasses(false)}
            />
          </div>
          <Button
            variant="outline"
            className="whitespace-nowrap"
            onClick={() => addSize(size)}
            disabled={disabled}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add Size
          </Button>
          <Select
            label="Number sizes in"
            options={UNIT_OPTIONS}
            value={sizeUnit}
            onChange={(e) => onSizeUnitChange(e.target.value as SizeUnit)}
            disabled={disabled}
            wrapperClassName="w-36"
          />
        </div>
        <p id={`${id}-size-hint`} className="mt-1.5 text-sm text-ink-soft">
          A letter size, Free Size, or a number (a saree&apos;s length in metres, a blouse in inches).
        </p>
        <div role="group" aria-label="Letter sizes" className="mt-3 flex flex-wrap gap-1.5">
          {QUICK_SIZES.map((label) => {
            const on = sizes.includes(label);
            return (
              <button
                key={label}
                type="button"
                aria-pressed={on}
                disabled={disabled}
                onClick={() => (on ? removeSize(label) : addSize(label))}
                className={cx(
                  'min-h-9 min-w-11 rounded-full border px-3 text-sm font-medium transition-colors',
                  on
                    ? 'border-maroon bg-maroon text-white'
                    : 'border-sand bg-white text-ink hover:border-maroon/40',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
        <Chips
          label="Sizes"
          empty="No sizes yet"
          values={sizes}
          removeLabel={(v) => `Remove size ${v}`}
          onRemove={removeSize}
          disabled={disabled}
        >
          {(v) => <span>{sizeText(v, sizeUnit)}</span>}
        </Chips>
        {sizesError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {sizesError}
          </p>
        )}
      </div>
    </div>
  );
}
