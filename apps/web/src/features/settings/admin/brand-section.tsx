import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { shopSettingsSchema, ShopSettings } from '@shop/shared/settings';
import { FormSection } from '../../../components/ui/form-section';
import { TextField } from '../../../components/ui/text-field';
import { BrandColourField } from './brand-colour-field';
import { PictureField } from './picture-field';

export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;

interface BrandSectionProps {
  register: UseFormRegister<ShopSettingsInput>;
  control: Control<ShopSettingsInput, unknown, ShopSettings>;
  errors: FieldErrors<ShopSettingsInput>;
}

// What the brand store turns into the logo and the icons (POST /api/settings/pictures).
const BRAND_PICTURE_TYPES = 'image/svg+xml,image/png,image/webp';

/** docs/product.md, Your brand: the name, colour and pictures every page, mail and document shows. */
export function BrandSection({ register, control, errors }: BrandSectionProps) {
  const social = errors.socialLinks;
  const banner = errors.banner;
  return (
    <>
      <FormSection
        title="Your brand"
        description="Your shop's name, colour and logo on every page, mail and invoice."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Shop name"
            autoComplete="off"
            error={errors.shopName?.message}
            {...register('shopName')}
          />
          <TextField
            label="Tagline"
            autoComplete="off"
            error={errors.tagline?.message}
            {...register('tagline')}
          />
          <Controller
            control={control}
            name="brandColor"
            render={({ field, fieldState }) => (
              <div className="md:col-span-2">
                <BrandColourField
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              </div>
            )}
          />
          <Controller
            control={control}
            name="logo"
            render={({ field, fieldState }) => (
              <PictureField
                label="Logo"
                kind="brand"
                accept={BRAND_PICTURE_TYPES}
                value={field.value as string | null}
                onChange={field.onChange}
                hint="SVG, PNG or WebP, up to 2 MB. A wide logo that spells the name stands alone in the top bar."
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="favicon"
            render={({ field, fieldState }) => (
              <PictureField
                label="Favicon"
                kind="brand"
                accept={BRAND_PICTURE_TYPES}
                value={field.value as string | null}
                onChange={field.onChange}
                hint="Optional: the browser tab's icon. Made from the logo when empty."
                error={fieldState.error?.message}
                frameClassName="max-w-40"
              />
            )}
          />
        </div>
      </FormSection>

      <FormSection
        title="Social Links"
        description="Shown in the footer; leave empty what the shop does not have."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Instagram"
            type="url"
            inputMode="url"
            placeholder="https://www.instagram.com/yourshop"
            error={social?.instagram?.message}
            {...register('socialLinks.instagram')}
          />
          <TextField
            label="Facebook"
            type="url"
            inputMode="url"
            placeholder="https://www.facebook.com/yourshop"
            error={social?.facebook?.message}
            {...register('socialLinks.facebook')}
          />
          <TextField
            label="YouTube"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/@yourshop"
            error={social?.youtube?.message}
            {...register('socialLinks.youtube')}
          />
          <TextField
            label="WhatsApp number"
            type="tel"
            autoComplete="tel"
            placeholder="+91 98200 12345"
            hint="With the country code: the footer's Chat with us."
            error={social?.whatsapp?.message}
            {...register('socialLinks.whatsapp')}
          />
        </div>
      </FormSection>

      <FormSection
        title="Home Banner"
        description="The banner above the listing. Empty fields keep the festival banner's own."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Controller
            control={control}
            name="banner.image"
            render={({ field, fieldState }) => (
              <PictureField
                label="Banner picture"
                kind="photo"
                accept="image/*"
                value={field.value as string | null}
                onChange={field.onChange}
                hint="A wide photo; it sits behind the headline, darkened so the words stay readable."
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="grid gap-5">
            <TextField
              label="Banner headline"
              autoComplete="off"
              placeholder="Festival Sale · Up to 70% OFF"
              error={banner?.headline?.message}
              {...register('banner.headline')}
            />
            <TextField
              label="Banner link"
              inputMode="url"
              placeholder="/collections or https://…"
              hint="Where Shop now leads: a page of the shop or an https:// address."
              error={banner?.link?.message}
              {...register('banner.link')}
            />
          </div>
        </div>
      </FormSection>
    </>
  );
}
