import { z } from 'zod';
import { isCalendarDate } from './india-time.ts';
import { MAX_PINCODE_RULES, NO_COD_RULES, normalisePin, PIN_MESSAGE, PIN_PREFIX_MESSAGE, PIN_PREFIX_RE, PIN_RE } from './pin.ts';

export * from './pin.ts';

/**
 * Cash on delivery and delivery (docs/product.md, Cash on delivery). What the owner sets in Settings →
 * Payments and Settings → Delivery; the server applies every rule, the app only shows them.
 */

/** A number as a form sends it ("49"), or as JSON does; an empty field is null where one may be empty. */
export const numeric = (emptyIs: null | undefined) => (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? emptyIs : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v) : v;

const wholeRupees = (label: string, max: number) =>
  z.preprocess(
    numeric(undefined),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label}: whole rupees`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} is too large`),
  );
const optionalRupees = (label: string, max: number) =>
  z.preprocess(
    numeric(null),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label}: whole rupees`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} is too large`)
      .nullable(),
  );

export const codSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'Choose whether cash on delivery is offered' }),
    /** A fixed fee, and/or a percentage of the goods' value (rounded to the rupee); both 0: no fee. */
    feeRupees: wholeRupees('COD fee', 10_000),
    feePercent: z.preprocess(
      numeric(undefined),
      z
        .number({ error: 'COD fee % must be a number' })
        .min(0, 'COD fee % cannot be negative')
        .max(10, 'COD fee % is at most 10')
        .default(0),
    ),
    /** Both bounds inclusive; null: no bound. Compared with the goods' value after discounts. */
    minOrderRupees: optionalRupees('Minimum COD order', 10_000_000),
    maxOrderRupees: optionalRupees('Maximum COD order', 10_000_000),
    /** 0: COD orders need no confirmation. Otherwise an order not confirmed in time is cancelled. */
    confirmWithinHours: z.preprocess(
      numeric(undefined),
      z
        .number({ error: 'Confirmation window must be a number' })
        .int('Confirmation window: whole hours')
        .min(0, 'Confirmation window cannot be negative')
        .max(168, 'Confirmation window is at most 168 hours (7 days)'),
    ),
    /** Taken off an order paid online; 0: no nudge. */
    prepaidDiscountRupees: wholeRupees('Prepaid discount', 10_000),
  })
  .superRefine((v, ctx) => {
    if (v.minOrderRupees !== null && v.maxOrderRupees !== null && v.minOrderRupees > v.maxOrderRupees)
      ctx.addIssue({
        code: 'custom',
        path: ['maxOrderRupees'],
        message: 'Maximum COD order must be at least the minimum',
      });
  });
export type CodSettings = z.infer<typeof codSettingsSchema>;

export const DEFAULT_COD_SETTINGS: CodSettings = NO_COD_RULES;

/**
 * Delivery zones, nearest first. local: the shop's own district; state: the shop's state; metro: the
 * metro cities' districts; rest: the rest of India; remote: the north-east, Jammu and Kashmir, Ladakh
 * and the islands. The first that matches a PIN is its zone.
 */
export const DELIVERY_ZONES = ['local', 'state', 'metro', 'rest', 'remote'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

const days = (label: string) =>
  z.preprocess(
    numeric(undefined),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label}: whole days`)
      .min(0, `${label} cannot be negative`)
      .max(30, `${label} is at most 30 days`),
  );
const zoneDaysSchema = (label: string) =>
  z
    .object({ from: days(`${label}: from`), to: days(`${label}: to`) })
    .refine((z) => z.from <= z.to, { path: ['to'], message: `${label}: "to" must be at least "from"` });

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const deliverySettingsSchema = z.object({
  /** The PIN the shop dispatches from: it decides the local and state zones. Null: no local zone. */
  originPin: z.preprocess(
    (v) => (typeof v === 'string' ? (normalisePin(v) === '' ? null : normalisePin(v)) : v),
    z.string().regex(PIN_RE, PIN_MESSAGE).nullable(),
  ),
  /** Courier days after dispatch, per zone. */
  zones: z.object({
    local: zoneDaysSchema('Local'),
    state: zoneDaysSchema('Within the state'),
    metro: zoneDaysSchema('Metro cities'),
    rest: zoneDaysSchema('Rest of India'),
    remote: zoneDaysSchema('North-east and islands'),
  }),
  /** Days of the week the shop hands parcels over, 0 Sunday … 6 Saturday. */
  dispatchDays: z
    .array(z.preprocess(numeric(undefined), z.number().int().min(0).max(6)), { error: 'Choose the days you dispatch' })
    .min(1, 'Choose at least one dispatch day')
    .max(7)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
  /** India dates (YYYY-MM-DD) the shop does not dispatch. */
  holidays: z
    .array(
      z
        .string()
        .regex(ISO_DATE_RE, 'A holiday is a date as YYYY-MM-DD')
        .refine(isCalendarDate, 'A holiday is not a real date'),
    )
    .max(100, 'At most 100 holidays')
    .transform((d) => [...new Set(d)].sort()),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  originPin: null,
  zones: {
    local: { from: 1, to: 2 },
    state: { from: 2, to: 4 },
    metro: { from: 3, to: 5 },
    rest: { from: 4, to: 7 },
    remote: { from: 6, to: 10 },
  },
  dispatchDays: [1, 2, 3, 4, 5, 6],
  holidays: [],
};


/** `GET/PUT /api/delivery/pincode-rules`: PINs or prefixes, each list sorted. */
export const pincodeRulesSchema = z.object({
  noDelivery: z
    .array(z.string().transform(normalisePin).pipe(z.string().regex(PIN_PREFIX_RE, PIN_PREFIX_MESSAGE)))
    .max(MAX_PINCODE_RULES, `At most ${MAX_PINCODE_RULES} PINs or prefixes`),
  noCod: z
    .array(z.string().transform(normalisePin).pipe(z.string().regex(PIN_PREFIX_RE, PIN_PREFIX_MESSAGE)))
    .max(MAX_PINCODE_RULES, `At most ${MAX_PINCODE_RULES} PINs or prefixes`),
});
export type PincodeRules = z.infer<typeof pincodeRulesSchema>;
