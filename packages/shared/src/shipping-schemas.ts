import { z } from 'zod';
import { numeric } from './delivery.ts';
import { ORDER_STAGES, TRACK_REF_MESSAGE, TRACK_REF_RE, type ShippingRules } from './shipping.ts';

export * from './shipping.ts';

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.preprocess(
    numeric(undefined),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label}: whole ${unit}`)
      .min(min, min === 0 ? `${label} cannot be negative` : `${label} is at least ${min}`)
      .max(max, `${label} is at most ${max.toLocaleString('en-IN')}`),
  );

const zoneRate = (label: string) =>
  z.object({
    firstSlabRupees: wholeNumber(`${label}: first slab`, 0, 10_000, 'rupees'),
    extraSlabRupees: wholeNumber(`${label}: each further slab`, 0, 10_000, 'rupees'),
  });

/** Settings → Shipping (docs/product.md, Shipping charges). */
export const shippingSettingsSchema = z.object({
  freeAboveRupees: z.preprocess(
    numeric(null),
    z
      .number({ error: 'Free shipping threshold must be a number' })
      .int('Free shipping threshold: whole rupees')
      .min(0, 'Free shipping threshold cannot be negative')
      .max(10_000_000, 'Free shipping threshold is too large')
      .nullable(),
  ),
  slabGrams: wholeNumber('Weight slab', 50, 10_000, 'grams'),
  defaultWeightGrams: wholeNumber('Default weight', 1, 100_000, 'grams'),
  rates: z.object({
    local: zoneRate('Local'),
    state: zoneRate('Within the state'),
    metro: zoneRate('Metro cities'),
    rest: zoneRate('Rest of India'),
    remote: zoneRate('North-east and islands'),
  }),
}) satisfies z.ZodType<ShippingRules, unknown>;
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

const FREE = { firstSlabRupees: 0, extraSlabRupees: 0 };
/** Until the owner sets rates, shipping is free, as it always was: the threshold is ready for when they do. */
export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  freeAboveRupees: 999,
  slabGrams: 500,
  defaultWeightGrams: 500,
  rates: { local: FREE, state: FREE, metro: FREE, rest: FREE, remote: FREE },
};

/** A product's or variant's parcel: grams, and the box in cm (all three or none). */
export const parcelFieldsSchema = z.object({
  weightGrams: z
    .preprocess(numeric(null), z.number({ error: 'Weight must be a number' }).int('Weight: whole grams').min(1, 'Weight is at least 1 gram').max(100_000, 'Weight is at most 100 kg').nullable())
    .optional(),
  packageCm: z
    .object({
      length: wholeNumber('Length', 1, 300, 'cm'),
      breadth: wholeNumber('Breadth', 1, 300, 'cm'),
      height: wholeNumber('Height', 1, 300, 'cm'),
    })
    .nullable()
    .optional(),
});

const AWB_RE = /^[A-Za-z0-9-]{6,40}$/;

/** `POST /api/orders/{id}/shipments`. */
export const shipmentBodySchema = z.discriminatedUnion(
  'courier',
  [
    z.object({
      courier: z.literal('manual'),
      courierName: z.string().trim().min(2, 'Enter the courier’s name').max(60, 'A courier’s name is at most 60 characters'),
      awb: z.string().trim().regex(AWB_RE, 'An AWB is 6 to 40 letters, digits or dashes'),
      trackingUrl: z.url({ protocol: /^https?$/, error: 'A tracking link starts with https://' }).max(500).nullish(),
    }),
    z.object({ courier: z.literal('shiprocket') }),
  ],
  { error: 'courier must be manual or shiprocket' },
);
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

/** `PATCH /api/orders/{id}`: SPEC's `status`, or a `stage` (one of them). */
export const orderStageSchema = z.enum(ORDER_STAGES, { error: 'Invalid stage' });

/** `POST /api/orders/{id}/reopen`: a cancelled order back to pending, said why. */
export const orderReopenBodySchema = z.object({
  reason: z.string().trim().min(5, 'Say why the order is reopened (at least 5 characters)').max(300, 'A reason is at most 300 characters'),
});

/** `GET /api/track/{ref}?contact=`: the order's phone or email shows the address. */
export const trackParamsSchema = z.object({
  ref: z.string().trim().regex(TRACK_REF_RE, TRACK_REF_MESSAGE),
});
export const trackQuerySchema = z.object({ contact: z.string().trim().max(200).optional() });

/** Settings → Couriers: Shiprocket's API user. The password is never read back; omitted, it is kept. */
export const shiprocketAccountSchema = z.object({
  enabled: z.boolean(),
  email: z.email('Enter the Shiprocket API user’s email').max(200),
  password: z.string().min(1).max(200).optional(),
  pickupLocation: z.string().trim().min(1, 'Enter the pickup location’s name as in Shiprocket').max(100),
  /** What Shiprocket sends in x-api-key with each tracking webhook; set the same in its dashboard. */
  webhookToken: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'A webhook token is 16 to 100 letters, digits, - or _'),
});
export type ShiprocketAccountBody = z.infer<typeof shiprocketAccountSchema>;
export interface ShiprocketAccount {
  enabled: boolean;
  email: string;
  passwordSet: boolean;
  pickupLocation: string;
  webhookToken: string;
}

/** `POST /api/orders/shipments/batch`: the ticked orders booked with a courier that has an API, as a job. */
export const shipmentBatchBodySchema = z.object({
  ids: z
    .array(z.number({ error: 'Choose the orders to book' }).int().positive().max(2_147_483_647), { error: 'Choose the orders to book' })
    .min(1, 'Choose the orders to book')
    .max(100, 'Book up to 100 orders at a time')
    .transform((ids) => [...new Set(ids)]),
  courier: z.literal('shiprocket', { error: 'Orders are booked together with Shiprocket; a manual booking needs each AWB' }),
});
