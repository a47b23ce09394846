import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Option } from '@shop/shared/catalog';
import type { ShopSettings } from '@shop/shared/settings';
import { FormSection } from '../../../components/ui/form-section';
import { TextField } from '../../../components/ui/text-field';
import { baseApi } from '../../../lib/base-api';
import type { ShopSettingsInput } from './brand-section';

interface SectionProps {
  register: UseFormRegister<ShopSettingsInput>;
  control: Control<ShopSettingsInput, unknown, ShopSettings>;
  errors: FieldErrors<ShopSettingsInput>;
}

// The product form's categories (`GET /api/category`), read here under a name of the settings' own:
// a feature does not import another's endpoints.
const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReturnCategoryOptions: build.query<Option[], void>({
      query: () => '/category',
      providesTags: ['Catalog'],
    }),
  }),
});

const NO_OPTIONS: Option[] = [];

/** What shoppers read of the rule, as the owner types it. */
function windowText(value: unknown): string {
  const days = Number(value);
  if (value === '' || value === undefined || !Number.isInteger(days) || days < 0 || days > 90) return '';
  if (days === 0) return 'Shoppers cannot ask for returns: the shop takes none.';
  return `Shoppers can ask for a return or an exchange up to ${days} ${days === 1 ? 'day' : 'days'} after delivery.`;
}

/** docs/product.md, Returns and refunds: how long after delivery shoppers may ask, and what never comes back. */
export function ReturnsSection({ register, control, errors }: SectionProps) {
  const e = errors.returns;
  const options = categoriesApi.useGetReturnCategoryOptionsQuery().data ?? NO_OPTIONS;
  const days = useWatch({ control, name: 'returns.windowDays' });
  return (
    <FormSection
      title="Returns"
      description="When shoppers may send something back for a refund or an exchange."
    >
      <div className="space-y-6">
        <TextField
          label="Return window (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={90}
          step={1}
          wrapperClassName="max-w-xs"
          hint={windowText(days) || 'Days after delivery, 0 to 90. 0: the shop takes no returns.'}
          error={e?.windowDays?.message}
          {...register('returns.windowDays')}
        />
        <Controller
          control={control}
          name="returns.nonReturnableCategories"
          render={({ field, fieldState }) => {
            const chosen = Array.isArray(field.value) ? field.value : [];
            // A category no longer in the list stays shown while the rule names it, so it can be taken off.
            const names = [...new Set([...options.map((o) => o.value), ...chosen])];
            const toggle = (name: string, on: boolean) =>
              field.onChange(on ? [...chosen, name] : chosen.filter((c) => c !== name));
            return (
              <fieldset aria-describedby="non-returnable-hint">
                <legend className="text-sm font-medium text-ink">Categories that cannot be returned</legend>
                <p id="non-returnable-hint" className="mt-0.5 text-sm text-ink-soft">
                  Such as blouses stitched to measure, or innerwear.
                </p>
                {names.length === 0 ? (
                  <p className="mt-2 text-sm text-ink-soft">No categories yet: add them on a product.</p>
                ) : (
                  <div className="mt-2 grid gap-x-4 sm:grid-cols-2 md:grid-cols-3">
                    {names.map((name) => (
                      <label
                        key={name}
                        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink lg:min-h-9"
                      >
                        <input
                          type="checkbox"
                          checked={chosen.includes(name)}
                          onChange={(ev) => toggle(name, ev.target.checked)}
                          onBlur={field.onBlur}
                          className="size-4.5 shrink-0 cursor-pointer rounded border-sand accent-maroon"
                        />
                        {options.find((o) => o.value === name)?.label ?? name}
                      </label>
                    ))}
                  </div>
                )}
                {fieldState.error?.message && (
                  <p className="mt-1.5 text-sm text-red-700">{fieldState.error.message}</p>
                )}
              </fieldset>
            );
          }}
        />
      </div>
    </FormSection>
  );
}
