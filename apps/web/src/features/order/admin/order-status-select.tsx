import { useId } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/constants';
import { cx } from '../../../components/ui/cx';

export interface OrderStatusSelectProps {
  value: OrderStatus;
  /** The status chosen; the ones in `unavailable` cannot be. */
  onChange: (status: OrderStatus) => void;
  label: string;
  /** Hide the label visually (the table's Status column already names it). */
  hideLabel?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /**
   * Statuses shown but not offered, each with why: the moves the server refuses (a COD order awaiting
   * confirmation is not shipped, a cancelled one is reopened on its page; order-parts' refusedStatuses).
   */
  unavailable?: Partial<Record<OrderStatus, string>>;
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
          const why = s === value ? undefined : unavailable?.[s];
          return (
            // The reason is in the option's name, which a screen reader reads; the title shows it on hover.
            <option key={s} value={s} disabled={why !== undefined} title={why && `Not available: ${why}`}>
              {why ? `${capitalise(s)} (${why})` : capitalise(s)}
            </option>
          );
        })}
      </select>
    </div>
  );
}
