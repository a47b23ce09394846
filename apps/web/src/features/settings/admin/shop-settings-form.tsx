import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { Save } from 'lucide-react';
import { shopSettingsSchema, STATE_NAMES, type ShopSettings } from '@shop/shared/settings';
import { Button } from '../../../components/ui/button';
import { FormSection } from '../../../components/ui/form-section';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useSaveShopSettingsMutation } from '../settings-api';
import { applyTheme } from './apply-theme';
import { BrandSection, type ShopSettingsInput } from './brand-section';
import { DeliverySection } from './delivery-section';
import { PaymentsSection } from './payments-section';
import { ReturnsSection } from './returns-section';
import { ReviewsSection } from './reviews-section';
import { ShippingSection } from './shipping-section';

const STATE_OPTIONS = STATE_NAMES.map((name) => ({ value: name, label: name }));
export const SETTINGS_SAVED = 'Shop settings saved';

/** The admin's Shop Settings: the brand, the seller on every invoice and mail, the footer's contacts, the stock alert. */
export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const [saveSettings, { isLoading: busy }] = useSaveShopSettingsMutation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ShopSettingsInput, unknown, ShopSettings>({
    resolver: zodResolver(shopSettingsSchema),
    defaultValues: settings,
  });

  async function save(values: ShopSettings) {
    const result = await saveSettings(values);
    if (result.error) {
      toast.error(errorText(result.error));
      return;
    }
    reset(result.data);
    applyTheme(values.brandColor);
    toast.success(SETTINGS_SAVED);
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(save)(e)} className="space-y-6">
      <BrandSection register={register} control={control} errors={errors} />

      <FormSection title="Business Details" description="The seller named on every invoice and mail.">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Legal name"
            autoComplete="organization"
            error={errors.legalName?.message}
            wrapperClassName="md:col-span-2"
            {...register('legalName')}
          />
          <TextArea
            label="Registered address"
            rows={3}
            error={errors.address?.message}
            wrapperClassName="md:col-span-2"
            {...register('address')}
          />
          <Select
            label="State"
            placeholder="Choose a state or union territory"
            options={STATE_OPTIONS}
            hint="Deliveries in this state are taxed CGST + SGST, elsewhere IGST."
            error={errors.state?.message}
            {...register('state')}
          />
          <TextField
            label="GSTIN"
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            className="font-mono uppercase"
            hint="15 characters, starting with the state's code. Leave empty if not registered."
            error={errors.gstin?.message}
            {...register('gstin')}
          />
        </div>
      </FormSection>

      <FormSection
        title="Grievance Officer"
        description="Shown to shoppers in the footer, as the Consumer Protection (E-Commerce) Rules 2020 require."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            error={errors.grievanceName?.message}
            {...register('grievanceName')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.grievanceEmail?.message}
            {...register('grievanceEmail')}
          />
        </div>
      </FormSection>

      <FormSection title="Customer Support" description="The footer's Get In Touch and the mails' signature.">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Support phone"
            type="tel"
            autoComplete="tel"
            error={errors.supportPhone?.message}
            {...register('supportPhone')}
          />
          <TextField
            label="Support email"
            type="email"
            autoComplete="email"
            error={errors.supportEmail?.message}
            {...register('supportEmail')}
          />
        </div>
      </FormSection>

      <FormSection title="Inventory">
        <TextField
          label="Low-stock threshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          wrapperClassName="max-w-xs"
          hint="A product with this many pieces or fewer counts as low in stock."
          error={errors.lowStockThreshold?.message}
          {...register('lowStockThreshold')}
        />
      </FormSection>

      <PaymentsSection register={register} errors={errors} />
      <DeliverySection register={register} control={control} errors={errors} />
      <ShippingSection register={register} control={control} errors={errors} />
      <ReturnsSection register={register} control={control} errors={errors} />
      <ReviewsSection register={register} />

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-sand bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-lg">
        {isDirty && <p className="mr-auto text-sm text-ink-soft">Unsaved changes</p>}
        <Button type="submit" loading={busy} icon={<Save aria-hidden="true" className="size-4" />}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
