import { useFormContext, useWatch } from 'react-hook-form';
import { volumetricGrams } from '@shop/shared/shipping';
import { TextField } from '../../../components/ui/text-field';
import { gramsText } from '../../../lib/weight';
import { BOX_SIDES, boxOf, type ProductFormInput } from './product-form-values';

const SIDE_LABELS = { length: 'Length (cm)', breadth: 'Breadth (cm)', height: 'Height (cm)' } as const;
const whole = { type: 'number', inputMode: 'numeric', step: 1, min: 1 } as const;

/**
 * docs/product.md, Shipping charges: the parcel's weight and box. Couriers charge the greater of the
 * weight and the box's volumetric weight, shown as the owner types.
 */
export function ParcelFields({ defaultWeightGrams }: { defaultWeightGrams?: number }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const box = boxOf(useWatch({ control, name: 'packageCm' }));
  const e = errors.packageCm;
  return (
    <div className="space-y-5">
      <TextField
        label="Weight (g)"
        {...whole}
        placeholder={defaultWeightGrams === undefined ? undefined : String(defaultWeightGrams)}
        wrapperClassName="max-w-xs"
        hint={
          defaultWeightGrams === undefined
            ? 'Packed, in grams. Empty: the shop’s default weight.'
            : `Packed, in grams. Empty: the shop’s default, ${gramsText(defaultWeightGrams)}.`
        }
        error={errors.weightGrams?.message}
        {...register('weightGrams')}
      />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-ink">Box</legend>
        <p className="mt-0.5 text-sm text-ink-soft">All three sides in cm, or none for a small parcel.</p>
        <div className="mt-3 grid gap-5 sm:grid-cols-3">
          {BOX_SIDES.map((side) => (
            <TextField
              key={side}
              label={SIDE_LABELS[side]}
              {...whole}
              max={300}
              error={e?.[side]?.message}
              {...register(`packageCm.${side}`)}
            />
          ))}
        </div>
        <p aria-live="polite" className="mt-3 text-sm text-ink-soft">
          {box
            ? `Volumetric weight: ${gramsText(volumetricGrams(box))} (L × B × H ÷ 5000). The parcel is charged at the greater of this and its weight.`
            : 'Volumetric weight: L × B × H ÷ 5000 kg, once all three sides are given.'}
        </p>
      </fieldset>
    </div>
  );
}
