import type { ReactNode } from 'react';
import { cx } from './cx';

export interface RadioCardProps {
  name: string;
  value?: string;
  checked: boolean;
  onChange: () => void;
  /** Names the choice when its content reads too long for a label (a whole address). */
  'aria-label'?: string;
  children: ReactNode;
}

export function RadioCard({
  name,
  value,
  checked,
  onChange,
  'aria-label': ariaLabel,
  children,
}: RadioCardProps) {
  return (
    <label
      className={cx(
        'flex cursor-pointer gap-3 rounded-xl border p-4 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal',
        checked ? 'border-maroon bg-maroon/[0.03] ring-1 ring-maroon' : 'border-sand hover:border-maroon/40',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-label={ariaLabel}
        className="mt-1 size-4 shrink-0 accent-maroon"
      />
      {children}
    </label>
  );
}
