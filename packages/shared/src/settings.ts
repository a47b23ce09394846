import { z } from 'zod';
import { EMAIL_RE } from './auth.ts';
import { gstinSchema, isValidGstin } from './gst.ts';
import { gstStateCodes, STATE_NAMES } from './indian-states.ts';
import { MESSAGES } from './messages.ts';
import { BRAND_COLOR_RE, BRAND_PICTURE_RE, brandColorProblem, type ShopBrand } from './brand.ts';
import { IMAGE_URL_RE } from './product.ts';
import { codSettingsSchema, deliverySettingsSchema } from './delivery.ts';
import { shippingSettingsSchema } from './shipping-schemas.ts';
import { returnSettingsSchema } from './returns-schemas.ts';

export { gstStateCodes, INDIAN_STATES, indianStateOf, isIntraState, STATE_NAMES } from './indian-states.ts';

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

// No control characters (line breaks, tabs, NUL).
const ONE_LINE_RE = /^[^\p{Cc}]*$/u;
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const brandPicture = (label: string) =>
  z.preprocess(
    emptyToNull,
    z.string().regex(BRAND_PICTURE_RE, `${label}: upload the picture again`).nullable(),
  );
const httpsLink = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(500, `${label}: at most 500 characters`)
      .regex(/^https:\/\/[^\s"'<>]+$/, `${label} must be an https:// address`)
      .nullable(),
  );

export const socialLinksSchema = z.object({
  instagram: httpsLink('Instagram'),
  facebook: httpsLink('Facebook'),
  youtube: httpsLink('YouTube'),
  // Typed as the shop prints it (+91 98200 12345); kept as wa.me takes it (919820012345).
  whatsapp: z.preprocess(
    (v) =>
      typeof v === 'string' ? (v.replace(/[\s()+-]/g, '') === '' ? null : v.replace(/[\s()+-]/g, '')) : v,
    z
      .string()
      .regex(/^[1-9]\d{9,14}$/, 'WhatsApp number: the country code and number, e.g. +91 98200 12345')
      .nullable(),
  ),
});

export const homeBannerSchema = z.object({
  image: z.preprocess(
    emptyToNull,
    z.string().trim().max(2048).regex(IMAGE_URL_RE, 'Banner picture is not a valid image URL').nullable(),
  ),
  headline: z.preprocess(emptyToNull, z.string().trim().max(80, 'At most 80 characters').regex(ONE_LINE_RE, 'Banner headline: one line of text').nullable()),
  link: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(500, 'Banner link: at most 500 characters')
      .regex(
        /^(\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/,
        'Banner link: a page of the shop (/collections) or an https:// address',
      )
      .nullable(),
  ),
});

/** docs/product.md, Your brand. */
export const brandFields = {
  // One line each: they go into mail subjects, the sender's name and page titles.
  shopName: text('Shop name is required', 80).regex(ONE_LINE_RE, 'Shop name: one line of text'),
  tagline: z
    .string({ error: 'Tagline must be text' })
    .trim()
    .max(140, 'At most 140 characters')
    .regex(ONE_LINE_RE, 'Tagline: one line of text'),
  brandColor: z
    .string({ error: 'Choose a brand colour' })
    .trim()
    .toLowerCase()
    .regex(BRAND_COLOR_RE, 'Brand colour: a colour as #rrggbb')
    .superRefine((v, ctx) => {
      const problem = brandColorProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  logo: brandPicture('Logo'),
  favicon: brandPicture('Favicon'),
  socialLinks: socialLinksSchema,
  banner: homeBannerSchema,
};

const shopFields = z.object({
  legalName: text('Legal name is required', 200),
  address: text('Address is required', 500),
  state: z.enum(STATE_NAMES, { error: 'Choose a state or union territory' }),
  gstin: gstinSchema,
  grievanceName: text('Grievance officer name is required', 100),
  grievanceEmail: text('Grievance officer email is required', 254).regex(EMAIL_RE, 'Invalid email'),
  // Looser than sign-up's PHONE_RE: a shop prints its number with spaces (+91 98200 12345).
  supportPhone: text('Support phone is required', 20).regex(/^\+?[\d\s-]{8,20}$/, 'Invalid phone'),
  supportEmail: text('Support email is required', 254).regex(EMAIL_RE, 'Invalid email'),
  lowStockThreshold: z.preprocess(
    (v) =>
      v === '' || v === null || (typeof v === 'number' && Number.isNaN(v))
        ? undefined
        : typeof v === 'string' && /^\d+$/.test(v)
          ? Number(v)
          : v,
    z
      .number({ error: 'Low-stock threshold is required' })
      .int('Low-stock threshold must be a whole number')
      .min(0, 'Low-stock threshold cannot be negative')
      .max(100_000, 'Low-stock threshold is too large'),
  ),
});

function checkGstin(v: { gstin: string; state: (typeof STATE_NAMES)[number] }, ctx: z.RefinementCtx): void {
  if (!v.gstin) return;
  const codes: readonly string[] = gstStateCodes(v.state);
  if (!codes.includes(v.gstin.slice(0, 2))) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: `A GSTIN of ${v.state} starts with ${codes[0]}`,
    });
  } else if (!isValidGstin(v.gstin)) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: MESSAGES.gstinCheckCharacter,
    });
  }
}

/** Settings → Payments, Delivery, Shipping and Returns (docs/product.md, Cash on delivery; Shipping; Returns). */
const salesFields = { cod: codSettingsSchema, delivery: deliverySettingsSchema, shipping: shippingSettingsSchema, returns: returnSettingsSchema };

/** docs/product.md, Reviews: a new review waits for the owner's approval (true) or is published at once; the server always sends it. */
const reviewsNeedApproval = z.boolean({ error: 'Review approval is on or off' }).optional();

export const shopSettingsSchema = shopFields.extend(brandFields).extend(salesFields).extend({ reviewsNeedApproval }).superRefine(checkGstin);
/** PUT /api/settings: a body without the brand's, COD or delivery fields (as before they existed) keeps them as they are. */
export const shopSettingsBodySchema = shopFields
  .extend({
    shopName: brandFields.shopName.optional(),
    tagline: brandFields.tagline.optional(),
    brandColor: brandFields.brandColor.optional(),
    logo: brandFields.logo.optional(),
    favicon: brandFields.favicon.optional(),
    socialLinks: brandFields.socialLinks.optional(),
    banner: brandFields.banner.optional(),
    cod: salesFields.cod.optional(),
    delivery: salesFields.delivery.optional(),
    shipping: salesFields.shipping.optional(),
    returns: salesFields.returns.optional(),
    reviewsNeedApproval,
  })
  .superRefine(checkGstin);
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export type ShopSettingsBody = z.infer<typeof shopSettingsBodySchema>;

/** The brand's part of the settings (what the served page carries to the app). */
export function brandOf(s: ShopBrand): ShopBrand {
  return {
    shopName: s.shopName,
    tagline: s.tagline,
    brandColor: s.brandColor,
    logo: s.logo,
    favicon: s.favicon,
    socialLinks: s.socialLinks,
    banner: s.banner,
  };
}
export type PublicShopSettings = Omit<ShopSettings, 'lowStockThreshold' | 'reviewsNeedApproval'>;

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
