import { useEffect, useState, type FormEvent } from 'react';
import { PhoneCall, Search, X } from 'lucide-react';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@shop/shared/constants';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { inputClasses } from '../../../components/ui/text-field';
import { statusLabel } from '../components/order-status-badge';
import type { AdminOrderFilters } from './use-admin-orders';

const PRESSED: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: 'border-purple-300 bg-purple-50 text-purple-800',
  dispatched: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  delivered: 'border-green-300 bg-green-50 text-green-800',
  cancelled: 'border-red-300 bg-red-50 text-red-800',
};

const label = 'mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase';

export function OrderFiltersBar({
  filters,
  onChange,
}: {
  filters: AdminOrderFilters;
  onChange: (f: AdminOrderFilters) => void;
}) {
  const [text, setText] = useState(filters.search ?? '');
  // The URL wins when it changes from elsewhere (back button, a link).
  useEffect(() => setText(filters.search ?? ''), [filters.search]);
  const status = filters.status ?? [];
  const any = Boolean(
    filters.search ||
    status.length ||
    filters.paymentMethod ||
    filters.confirmation ||
    filters.from ||
    filters.to,
  );
  const awaiting = filters.confirmation === 'awaiting';

  function submit(e: FormEvent) {
    e.preventDefault();
    onChange({ ...filters, search: text.trim() || undefined });
  }
  const toggle = (s: string) =>
    onChange({ ...filters, status: status.includes(s) ? status.filter((x) => x !== s) : [...status, s] });

  return (
    <section aria-label="Find orders" className="mb-6 rounded-xl border border-sand bg-white p-4 shadow-sm">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
          />
          <input
            id="order-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
            placeholder="Order number, customer name, email or phone"
            className={inputClasses(false, 'pl-9')}
          />
        </div>
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-4">
        <fieldset>
          <legend className={label}>Status</legend>
          <div className="flex flex-wrap gap-2">
            {ORDER_STATUSES.map((s) => {
              const on = status.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(s)}
                  className={cx(
                    'min-h-9 rounded-full border px-3 text-sm font-medium transition-colors',
                    on
                      ? PRESSED[s]
                      : 'border-sand bg-white text-ink-soft hover:border-maroon/30 hover:text-ink',
                  )}
                >
                  {statusLabel(s)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend className={label}>Cash on delivery</legend>
          <button
            type="button"
            aria-pressed={awaiting}
            onClick={() => onChange({ ...filters, confirmation: awaiting ? undefined : 'awaiting' })}
            className={cx(
              'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
              awaiting
                ? 'border-gold bg-gold/20 text-ink'
                : 'border-sand bg-white text-ink-soft hover:border-maroon/30 hover:text-ink',
            )}
          >
            <PhoneCall aria-hidden="true" className="size-3.5" />
            Awaiting confirmation
          </button>
        </fieldset>
        <div>
          <label htmlFor="order-method" className={label}>
            Payment
          </label>
          <select
            id="order-method"
            value={filters.paymentMethod ?? ''}
            onChange={(e) => onChange({ ...filters, paymentMethod: e.target.value || undefined })}
            className={inputClasses(false, 'min-h-9 py-1.5 text-sm')}
          >
            <option value="">All methods</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m === 'cash' ? 'Cash' : 'Card'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="order-from" className={label}>
            From
          </label>
          <input
            id="order-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => onChange({ ...filters, from: e.target.value || undefined })}
            className={inputClasses(false, 'min-h-9 py-1.5 text-sm')}
          />
        </div>
        <div>
          <label htmlFor="order-to" className={label}>
            To
          </label>
          <input
            id="order-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => onChange({ ...filters, to: e.target.value || undefined })}
            className={inputClasses(false, 'min-h-9 py-1.5 text-sm')}
          />
        </div>
        {any && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({})}>
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        )}
      </div>
    </section>
  );
}
