import { useId } from 'react';
import { BRAND_COLOR_RE, brandColorProblem } from '@shop/shared/brand';
import { inputClasses } from '../../../components/ui/text-field';

export interface BrandColourFieldProps {
  value: string;
  onChange: (hex: string) => void;
  onBlur: () => void;
  /** The schema's message after a submit; before it, the contrast check speaks as the owner picks. */
  error?: string;
}

/** The brand colour: a picker and its hex, a preview of a button and a link, and the contrast check. */
export function BrandColourField({ value, onChange, onBlur, error }: BrandColourFieldProps) {
  const id = useId();
  const hex = value.trim().toLowerCase();
  const valid = BRAND_COLOR_RE.test(hex);
  const message = error ?? (valid ? brandColorProblem(hex) : undefined);
  return (
    <fieldset className="min-w-0" aria-describedby={message ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Brand colour</legend>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label="Brand colour picker"
          value={valid ? hex : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          className="h-11 w-14 cursor-pointer rounded-lg border border-sand bg-white p-1"
        />
        <div className="w-32">
          <input
            id={`${id}-hex`}
            aria-label="Brand colour hex"
            aria-invalid={message ? true : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            className={inputClasses(Boolean(message), 'font-mono')}
          />
        </div>
        {valid && (
          <div
            aria-label="Preview"
            role="group"
            className="flex items-center gap-4 rounded-lg bg-ivory px-4 py-2"
          >
            {/* The colour the owner picked, not a theme token: this is the preview of the theme to be. */}
            <span
              className="inline-flex min-h-9 items-center rounded-lg px-4 text-sm font-semibold text-white"
              style={{ backgroundColor: hex }}
            >
              Add to Cart
            </span>
            <span className="text-sm font-medium underline underline-offset-4" style={{ color: hex }}>
              A link
            </span>
          </div>
        )}
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {message}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          The top bar, buttons and links. White text on it must stay easy to read.
        </p>
      )}
    </fieldset>
  );
}
