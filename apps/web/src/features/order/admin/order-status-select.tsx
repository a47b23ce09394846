import { useId } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/constants';
import { cx } from '../../../components/ui/cx';

export interface OrderStatusSelectProps {
  value: OrderStatus;
  /** Any of the four may be chosen; no ordering rule is checked (docs/product.md, Order statuses). */
  onChange: (status: OrderStatus) => void;
  label: string;
  /** Hide the label visually (the table's Status column already names it). */
  hideLabel?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Statuses shown but not offered, with why (a COD order awaiting confirmation is not shipped). */
  unavailable?: { statuses: readonly OrderStatus[]; why: string };
  onCancel?: () => void;
  className?: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The status dropdown: choosing a status sends the change; Escape or leaving cancels. */
export function OrderStatusSelect({
  value,
  onChange,
  label,
  hideLabel,
  autoFocus,
  disabled,
  unavailable,
  onCancel,
  className,
}: OrderStatusSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={cx('mb-1 block text-sm font-medium text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as OrderStatus)}
        onBlur={onCancel}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onCancel) {
            e.preventDefault();
            onCancel();
          }
        }}
        className="min-h-10 w-full rounded-lg border border-sand bg-white px-2.5 text-sm text-ink focus:border-teal focus:ring-2 focus:ring-teal/25 focus:outline-none disabled:opacity-60"
      >
        {ORDER_STATUSES.map((s) => {
          const off = s !== value && unavailable?.statuses.includes(s);
          return (
            <option key={s} value={s} disabled={off}>
              {off ? `${capitalise(s)} (${unavailable!.why})` : capitalise(s)}
            </option>
          );
        })}
      </select>
    </div>
  );
}
