import type { ReactNode } from 'react';
import { cx } from './cx';

export interface RadioCardProps {
  name: string;
  value?: string;
  checked: boolean;
  onChange: () => void;
  /** Shown but not choosable (the content says why). */
  disabled?: boolean;
  /** Names the choice when its content reads too long for a label (a whole address). */
  'aria-label'?: string;
  /** What the choice's content explains further (the reason it is disabled). */
  'aria-describedby'?: string;
  children: ReactNode;
}

export function RadioCard({
  name,
  value,
  checked,
  onChange,
  disabled = false,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  children,
}: RadioCardProps) {
  return (
    <label
      className={cx(
        'flex gap-3 rounded-xl border p-4 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal',
        disabled
          ? 'cursor-not-allowed border-dashed border-sand bg-ivory/60'
          : checked
            ? 'cursor-pointer border-maroon bg-maroon/[0.03] ring-1 ring-maroon'
            : 'cursor-pointer border-sand hover:border-maroon/40',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        className="mt-1 size-4 shrink-0 accent-maroon"
      />
      {children}
    </label>
  );
}
