import { z } from 'zod';
import { EMAIL_RE } from './auth.ts';
import { gstinSchema, isValidGstin } from './gst.ts';
import { gstStateCodes, STATE_NAMES } from './indian-states.ts';
import { MESSAGES } from './messages.ts';

export { gstStateCodes, INDIAN_STATES, indianStateOf, isIntraState, STATE_NAMES } from './indian-states.ts';

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const shopSettingsSchema = z
  .object({
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
  })
  .superRefine((v, ctx) => {
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
  });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export type PublicShopSettings = Omit<ShopSettings, 'lowStockThreshold'>;

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
