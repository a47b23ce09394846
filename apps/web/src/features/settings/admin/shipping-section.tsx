import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ShopSettings } from '@shop/shared/settings';
import { FormSection } from '../../../components/ui/form-section';
import { TextField } from '../../../components/ui/text-field';
import { gramsText } from '../../../lib/weight';
import type { ShopSettingsInput } from './brand-section';
import { ZONES } from './delivery-section';

interface SectionProps {
  register: UseFormRegister<ShopSettingsInput>;
  control: Control<ShopSettingsInput, unknown, ShopSettings>;
  errors: FieldErrors<ShopSettingsInput>;
}

const wholeField = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/** The slab as the rates' headings name it ("500 g"), while the owner types it. */
function slabText(value: unknown): string {
  const grams = Number(value);
  return Number.isInteger(grams) && grams >= 50 ? gramsText(grams) : 'slab';
}

/** docs/product.md, Shipping charges: the free-shipping threshold, the weight slab and a rate per zone. */
export function ShippingSection({ register, control, errors }: SectionProps) {
  const e = errors.shipping;
  const slab = slabText(useWatch({ control, name: 'shipping.slabGrams' }));
  return (
    <FormSection
      title="Shipping"
      description="What shoppers pay for delivery: by the parcel's weight and where it goes, added at checkout."
    >
      <div className="space-y-6">
        <div className="grid gap-5 md:grid-cols-3">
          <TextField
            label="Free shipping above (₹)"
            {...wholeField}
            hint="Goods worth this or more ship free. Leave empty to always charge."
            error={e?.freeAboveRupees?.message}
            {...register('shipping.freeAboveRupees')}
          />
          <TextField
            label="Weight slab (g)"
            {...wholeField}
            min={50}
            hint="Couriers charge by the slab: 500 g is usual."
            error={e?.slabGrams?.message}
            {...register('shipping.slabGrams')}
          />
          <TextField
            label="Default weight (g)"
            {...wholeField}
            min={1}
            hint="For a product without its own weight."
            error={e?.defaultWeightGrams?.message}
            {...register('shipping.defaultWeightGrams')}
          />
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Rates by zone (₹)</legend>
          <div className="mt-2 divide-y divide-sand/70 rounded-lg border border-sand/80">
            {ZONES.map((z) => {
              const ze = e?.rates?.[z.key];
              // The zone goes into each field's name: a screen reader hears which row it is in.
              const zoneName = <span className="sr-only">, {z.label}</span>;
              return (
                <div key={z.key} className="grid items-start gap-3 p-3 sm:grid-cols-[1fr_9rem_9rem]">
                  <p className="pt-2 text-sm text-ink">{z.label}</p>
                  <TextField
                    label={<>First {slab}{zoneName}</>}
                    {...wholeField}
                    error={ze?.firstSlabRupees?.message}
                    {...register(`shipping.rates.${z.key}.firstSlabRupees`)}
                  />
                  <TextField
                    label={<>Each further {slab}{zoneName}</>}
                    {...wholeField}
                    error={ze?.extraSlabRupees?.message}
                    {...register(`shipping.rates.${z.key}.extraSlabRupees`)}
                  />
                </div>
              );
            })}
          </div>
          <p className="mt-2 text-sm text-ink-soft">
            A parcel is charged at the greater of its actual weight and its volumetric weight (L × B × H in cm ÷ 5000,
            in kg, from the products' box sizes), rounded up to the slab. 0 everywhere means free shipping.
          </p>
        </fieldset>
      </div>
    </FormSection>
  );
}
