import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'ghost' | 'gold' | 'danger' | 'inverse' | 'inverseOutline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-maroon text-white shadow-sm hover:bg-maroon-dark active:bg-maroon-dark',
  secondary: 'bg-teal text-white shadow-sm hover:bg-teal-dark',
  outline: 'border border-sand bg-white text-ink hover:border-maroon/40 hover:bg-ivory',
  ghost: 'text-ink hover:bg-sand/50',
  gold: 'bg-gold text-ink shadow-sm hover:bg-gold-light',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  // On the maroon top bar and other dark grounds.
  inverse: 'text-white hover:bg-white/10',
  inverseOutline: 'border border-white/50 text-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    icon,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {loading ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      ) : (
        icon
      )}
      {children}
    </button>
  );
});
