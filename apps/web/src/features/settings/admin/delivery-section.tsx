import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ShopSettings } from '@shop/shared/settings';
import { FormSection } from '../../../components/ui/form-section';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { ShopSettingsInput } from './brand-section';

interface SectionProps {
  register: UseFormRegister<ShopSettingsInput>;
  control: Control<ShopSettingsInput, unknown, ShopSettings>;
  errors: FieldErrors<ShopSettingsInput>;
}

/** The delivery zones (decision 037), also the shipping rates' rows. */
export const ZONES = [
  { key: 'local', label: 'Your own district' },
  { key: 'state', label: 'Your state' },
  { key: 'metro', label: 'Metro cities' },
  { key: 'rest', label: 'Rest of India' },
  { key: 'remote', label: 'North-east, J&K, Ladakh and the islands' },
] as const;

const WEEK = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const dayField = { type: 'number', inputMode: 'numeric', min: 0, max: 30, step: 1 } as const;

/** docs/product.md, Delivery: where the shop dispatches from, the courier's days per zone, and its days off. */
export function DeliverySection({ register, control, errors }: SectionProps) {
  const e = errors.delivery;
  return (
    <FormSection
      title="Delivery"
      description="How shoppers' delivery dates are worked out on the product page and at checkout."
    >
      <div className="space-y-6">
        <TextField
          label="Dispatch PIN code"
          inputMode="numeric"
          maxLength={7}
          autoComplete="postal-code"
          wrapperClassName="max-w-xs"
          hint="Where your parcels leave from: it decides the local and state zones."
          error={e?.originPin?.message}
          {...register('delivery.originPin')}
        />

        <fieldset>
          <legend className="text-sm font-medium text-ink">Courier days after dispatch</legend>
          <div className="mt-2 divide-y divide-sand/70 rounded-lg border border-sand/80">
            {ZONES.map((z) => {
              const ze = e?.zones?.[z.key];
              return (
                <div key={z.key} className="grid items-start gap-3 p-3 sm:grid-cols-[1fr_7rem_7rem]">
                  <p className="pt-2 text-sm text-ink">{z.label}</p>
                  <TextField label="From" {...dayField} error={ze?.from?.message} {...register(`delivery.zones.${z.key}.from`)} />
                  <TextField label="To" {...dayField} error={ze?.to?.message} {...register(`delivery.zones.${z.key}.to`)} />
                </div>
              );
            })}
          </div>
        </fieldset>

        <Controller
          control={control}
          name="delivery.dispatchDays"
          render={({ field, fieldState }) => {
            const chosen = new Set((Array.isArray(field.value) ? field.value : []).map(Number));
            const toggle = (d: number) => {
              const next = new Set(chosen);
              if (next.has(d)) next.delete(d);
              else next.add(d);
              field.onChange([...next].sort((a, b) => a - b));
            };
            return (
              <fieldset aria-describedby={fieldState.error ? 'dispatch-days-error' : undefined}>
                <legend className="text-sm font-medium text-ink">Days you dispatch</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {WEEK.map((name, d) => (
                    <label
                      key={name}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand px-3 text-sm text-ink has-[:checked]:border-maroon has-[:checked]:bg-maroon/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-maroon"
                        checked={chosen.has(d)}
                        onChange={() => toggle(d)}
                        onBlur={field.onBlur}
                      />
                      {name}
                    </label>
                  ))}
                </div>
                {fieldState.error && (
                  <p id="dispatch-days-error" className="mt-1.5 text-sm text-red-700">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            );
          }}
        />

        <Controller
          control={control}
          name="delivery.holidays"
          render={({ field, fieldState }) => (
            <TextArea
              label="Holidays"
              rows={3}
              placeholder={'2026-12-25\n2027-01-26'}
              hint="Days you do not dispatch, one date (YYYY-MM-DD) per line."
              error={fieldState.error?.message ?? (Array.isArray(e?.holidays) ? e.holidays.find(Boolean)?.message : undefined)}
              value={Array.isArray(field.value) ? field.value.join('\n') : ''}
              onChange={(ev) =>
                field.onChange(
                  ev.target.value
                    .split(/[\n,]+/)
                    .map((d) => d.trim())
                    .filter(Boolean),
                )
              }
              onBlur={field.onBlur}
              wrapperClassName="max-w-sm"
            />
          )}
        />
      </div>
    </FormSection>
  );
}
