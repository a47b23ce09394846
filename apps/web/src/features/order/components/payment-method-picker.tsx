import { useId, type ReactNode } from 'react';
import { Banknote, CreditCard, Info, Tag } from 'lucide-react';
import type { PaymentMethod } from '@shop/shared/constants';
import { cx } from '../../../components/ui/cx';
import { RadioCard } from '../../../components/ui/radio-card';
import { PAYMENT_METHOD_LABEL } from './order-card';

const ABOUT: Record<PaymentMethod, { hint: string; icon: ReactNode }> = {
  cash: {
    hint: 'Pay in cash when your order arrives',
    icon: <Banknote aria-hidden="true" className="size-6" />,
  },
  card: {
    hint: 'Credit or debit card, UPI or net banking',
    icon: <CreditCard aria-hidden="true" className="size-6" />,
  },
};

export interface PaymentMethodPickerProps {
  /** The methods this shop takes, in order. */
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  /** Why a method cannot be chosen for this order (cash outside the shop's limits); it shows, disabled. */
  unavailable?: Partial<Record<PaymentMethod, string>>;
  /** A line beside a method: its fee, or what paying this way saves. */
  notes?: Partial<Record<PaymentMethod, { text: string; tone: 'fee' | 'saving' }>>;
}

export function PaymentMethodPicker({ methods, value, onChange, unavailable = {}, notes = {} }: PaymentMethodPickerProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="sr-only">Choose a payment method</legend>
      <div className={cx('grid gap-3', methods.length > 1 && 'sm:grid-cols-2')}>
        {methods.map((m) => {
          const reason = unavailable[m];
          const note = notes[m];
          const aboutId = `${id}-${m}`;
          return (
            <RadioCard
              key={m}
              name="paymentMethod"
              value={m}
              checked={value === m}
              disabled={reason !== undefined}
              onChange={() => onChange(m)}
              aria-describedby={reason || note ? aboutId : undefined}
            >
              <span className="flex flex-1 items-start justify-between gap-3">
                <span>
                  <span className="block font-semibold text-ink">{PAYMENT_METHOD_LABEL[m]}</span>
                  <span className="mt-0.5 block text-sm text-ink-soft">{ABOUT[m].hint}</span>
                  {reason ? (
                    <span id={aboutId} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-maroon">
                      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      {reason}
                    </span>
                  ) : note ? (
                    <span
                      id={aboutId}
                      className={cx(
                        'mt-2 inline-flex items-center gap-1.5 text-sm font-medium',
                        note.tone === 'saving' ? 'rounded-full bg-green-50 px-2.5 py-0.5 text-green-800' : 'text-ink',
                      )}
                    >
                      {note.tone === 'saving' && <Tag aria-hidden="true" className="size-3.5 shrink-0" />}
                      {note.text}
                    </span>
                  ) : null}
                </span>
                <span className={reason ? 'text-ink-soft' : 'text-maroon'}>{ABOUT[m].icon}</span>
              </span>
            </RadioCard>
          );
        })}
      </div>
      {!methods.includes('card') && (
        <p className="mt-3 text-sm text-ink-soft">Card and UPI payments are not available at the moment.</p>
      )}
    </fieldset>
  );
}
