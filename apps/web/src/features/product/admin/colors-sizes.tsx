import { useId, useState, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { colourName } from '../../../lib/colour-name';

export interface ColorsSizesProps {
  colors: readonly string[];
  sizes: readonly number[];
  onColorsChange: (colors: string[]) => void;
  onSizesChange: (sizes: number[]) => void;
  disabled?: boolean;
}

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

export function ColorsSizes({ colors, sizes, onColorsChange, onSizesChange, disabled }: ColorsSizesProps) {
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

  function addSize() {
    const value = Number(size);
    // docs/product.md, Validation: a size below 1 (or none) is refused.
    if (size.trim() === '' || !Number.isFinite(value) || value < 1) {
      toast.error(MESSAGES.sizeNotPositive);
      return;
    }
    if (sizes.includes(value)) {
      toast.error(MESSAGES.sizeDuplicate);
      return;
    }
    onSizesChange([...sizes, value]);
    setSize('');
    toast.success(MESSAGES.sizeAdded);
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
        <label htmlFor={`${id}-size`} className="mb-1.5 block text-sm font-medium text-ink">
          Size (inches)
        </label>
        <div className="flex items-center gap-3">
          <div className="w-36">
            <input
              id={`${id}-size`}
              type="number"
              inputMode="decimal"
              step="any"
              placeholder="e.g. 216"
              value={size}
              onChange={(e) => setSize(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the size instead of submitting the whole product form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addSize();
                }
              }}
              disabled={disabled}
              className={inputClasses(false)}
            />
          </div>
          <Button
            variant="outline"
            className="whitespace-nowrap"
            onClick={addSize}
            disabled={disabled}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add Size
          </Button>
        </div>
        <Chips
          label="Sizes"
          empty="No sizes yet"
          values={sizes}
          removeLabel={(v) => `Remove size ${v}`}
          onRemove={(v) => {
            onSizesChange(sizes.filter((x) => x !== v));
            toast.success(MESSAGES.sizeRemoved);
          }}
          disabled={disabled}
        >
          {(v) => <span>{v}″</span>}
        </Chips>
      </div>
    </div>
  );
}
