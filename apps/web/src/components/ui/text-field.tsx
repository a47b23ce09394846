import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export const inputClasses = (invalid: boolean, className?: string) =>
  cx(
    'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-ink placeholder:text-ink-soft/70',
    'focus:outline-none focus:ring-2',
    invalid ? 'border-red-600 focus:ring-red-600/30' : 'border-sand focus:border-teal focus:ring-teal/25',
    className,
  );

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a field: its error, else its hint. */
export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Classes for the wrapper; `className` styles the input. */
  wrapperClassName?: string;
}

/** A labelled input; forwards its ref so react-hook-form's `register` works. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, wrapperClassName, className, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={wrapperClassName}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={inputClasses(Boolean(error), className)}
        {...rest}
      />
    </FieldShell>
  );
});
