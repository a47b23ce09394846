import type { ReactNode } from 'react';
import { Banknote, CreditCard } from 'lucide-react';
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
}

export function PaymentMethodPicker({ methods, value, onChange }: PaymentMethodPickerProps) {
  return (
    <fieldset>
      <legend className="sr-only">Choose a payment method</legend>
      <div className={cx('grid gap-3', methods.length > 1 && 'sm:grid-cols-2')}>
        {methods.map((m) => (
          <RadioCard
            key={m}
            name="paymentMethod"
            value={m}
            checked={value === m}
            onChange={() => onChange(m)}
          >
            <span className="flex flex-1 items-start justify-between gap-3">
              <span>
                <span className="block font-semibold text-ink">{PAYMENT_METHOD_LABEL[m]}</span>
                <span className="mt-0.5 block text-sm text-ink-soft">{ABOUT[m].hint}</span>
              </span>
              <span className="text-maroon">{ABOUT[m].icon}</span>
            </span>
          </RadioCard>
        ))}
      </div>
      {!methods.includes('card') && (
        <p className="mt-3 text-sm text-ink-soft">Card and UPI payments are not available at the moment.</p>
      )}
    </fieldset>
  );
}
