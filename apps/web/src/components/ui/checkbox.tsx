import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A checkbox with its label; the whole row is a ≥ 44 px tap target on phones. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={cx('flex min-h-11 items-center gap-3 lg:min-h-9', className)}>
      <input
        ref={ref}
        id={fieldId}
        type="checkbox"
        className="size-4.5 shrink-0 cursor-pointer rounded border-sand accent-maroon"
        {...rest}
      />
      <label htmlFor={fieldId} className="cursor-pointer text-sm text-ink">
        {label}
      </label>
    </div>
  );
});
