import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormSection } from '../../../components/ui/form-section';
import { TextField } from '../../../components/ui/text-field';
import type { ShopSettingsInput } from './brand-section';

interface SectionProps {
  register: UseFormRegister<ShopSettingsInput>;
  errors: FieldErrors<ShopSettingsInput>;
}

const rupeeField = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/** docs/product.md, Cash on delivery: what cash on delivery costs, where it stops, and the confirmation. */
export function PaymentsSection({ register, errors }: SectionProps) {
  const e = errors.cod;
  return (
    <FormSection
      title="Payments"
      description="Cash on delivery: a fee, order limits, a confirmation before you ship, and a nudge to pay online."
    >
      <div className="grid gap-5 md:grid-cols-2">
        <Checkbox
          label="Offer cash on delivery"
          className="md:col-span-2"
          {...register('cod.enabled')}
        />
        <TextField
          label="COD fee (₹)"
          {...rupeeField}
          hint="Added to a cash order as its own line; 0 for none."
          error={e?.feeRupees?.message}
          {...register('cod.feeRupees')}
        />
        <TextField
          label="COD fee (% of the order)"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.5}
          hint="Rounded to the rupee, on top of the fixed fee."
          error={e?.feePercent?.message}
          {...register('cod.feePercent')}
        />
        <TextField
          label="Minimum order for COD (₹)"
          {...rupeeField}
          hint="Leave empty for no minimum. The limit itself is allowed."
          error={e?.minOrderRupees?.message}
          {...register('cod.minOrderRupees')}
        />
        <TextField
          label="Maximum order for COD (₹)"
          {...rupeeField}
          hint="Leave empty for no maximum. The limit itself is allowed."
          error={e?.maxOrderRupees?.message}
          {...register('cod.maxOrderRupees')}
        />
        <TextField
          label="Confirm COD orders within (hours)"
          {...rupeeField}
          max={168}
          hint="The shopper confirms by a link in their mail and phone message; unconfirmed orders are cancelled. 0: no confirmation."
          error={e?.confirmWithinHours?.message}
          {...register('cod.confirmWithinHours')}
        />
        <TextField
          label="Discount for paying online (₹)"
          {...rupeeField}
          hint={'Shown as “Pay online and save ₹…” at checkout; 0 for none.'}
          error={e?.prepaidDiscountRupees?.message}
          {...register('cod.prepaidDiscountRupees')}
        />
      </div>
    </FormSection>
  );
}
