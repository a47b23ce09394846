import { z } from 'zod';
import { numeric } from './delivery.ts';
import { idParamsSchema, MAX_ID, pageParam } from './params.ts';
import {
  ACCOUNT_NUMBER_RE,
  IFSC_RE,
  MAX_RETURN_PHOTOS,
  PHOTO_REQUIRED_REASONS,
  RETURN_REASONS,
  RETURN_STATUSES,
  UPI_RE,
  type ReturnRules,
} from './returns.ts';
import { sizeLabelSchema } from './variants.ts';

export * from './returns.ts';

const COLOR_RE = /^#[0-9a-fA-F]{6}$/;
/** A photo this shop stored (`POST /api/returns/photos`): its own path, never another site's. */
const PHOTO_RE = /^\/uploads\/[a-f0-9]{64}\.webp$/;

export const refundToSchema = z.union(
  [
    z.object({ upi: z.string().trim().regex(UPI_RE, 'Enter a UPI ID such as name@bank') }).strict(),
    z
      .object({
        accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_RE, 'An account number is 9 to 18 digits'),
        ifsc: z
          .string()
          .trim()
          .transform((v) => v.toUpperCase())
          .pipe(z.string().regex(IFSC_RE, 'An IFSC is 11 characters, such as SBIN0001234')),
        name: z.string().trim().min(2, 'Enter the account holder’s name').max(100, 'A name is at most 100 characters'),
      })
      .strict(),
  ],
  { error: 'Give a UPI ID, or a bank account number, IFSC and name' },
);

const returnItemBodySchema = z
  .object({
    itemId: z.number({ error: 'Choose an item of this order' }).int('Choose an item of this order').min(1, 'Choose an item of this order').max(MAX_ID, 'Choose an item of this order'),
    quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity: a whole number').min(1, 'Quantity is at least 1').max(1000, 'Quantity is too large'),
    reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
    photos: z.array(z.string().regex(PHOTO_RE, 'Upload the photo first')).max(MAX_RETURN_PHOTOS, `At most ${MAX_RETURN_PHOTOS} photos`).default([]),
    exchange: z
      .object({ color: z.string().regex(COLOR_RE, 'Invalid color').transform((c) => c.toLowerCase()), size: sizeLabelSchema })
      .nullish(),
  })
  .superRefine((item, ctx) => {
    if (PHOTO_REQUIRED_REASONS.includes(item.reason) && item.photos.length === 0)
      ctx.addIssue({ code: 'custom', path: ['photos'], message: 'Add a photo of the damage' });
  });

/** `POST /api/orders/{id}/returns`. */
export const returnRequestBodySchema = z.object({
  items: z
    .array(returnItemBodySchema, { error: 'Choose what to return' })
    .min(1, 'Choose what to return')
    .max(100)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, 'Each item once per request'),
  refundTo: refundToSchema.nullish(),
});
export type ReturnRequestBody = z.infer<typeof returnRequestBodySchema>;

const reason = z.string().trim().min(3, 'Give a reason').max(500, 'A reason is at most 500 characters');
const AWB_RE = /^[A-Za-z0-9-]{6,40}$/;
const pickupSchema = z.object({
  courierName: z.string().trim().min(2, 'Enter the courier’s name').max(60, 'A courier’s name is at most 60 characters'),
  awb: z.string().trim().regex(AWB_RE, 'An AWB is 6 to 40 letters, digits or dashes'),
});

/** `PATCH /api/returns/{id}` (staff): one step forward. */
export const returnPatchBodySchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved'), pickup: pickupSchema.nullish() }),
    z.object({ status: z.literal('rejected'), reason }),
    // On inspection: accept (restock or not), or refuse it back to the shopper with `accept: false`.
    z.object({ status: z.literal('received'), accept: z.boolean().default(true), restock: z.boolean().default(true), reason: reason.optional() }),
    // A cash order's transfer, made by the owner: its UPI or bank reference.
    z.object({ status: z.literal('refunded'), reference: z.string().trim().min(4, 'Enter the transfer’s reference').max(60, 'A reference is at most 60 characters') }),
  ],
  { error: 'Choose approved, rejected, received or refunded' },
);
export type ReturnPatchBody = z.infer<typeof returnPatchBodySchema>;

/** `POST /api/returns/{id}/pickup` (the shopper, when they ship it back themselves). */
export const returnShipBackBodySchema = pickupSchema;

/** `POST /api/orders/{id}/refunds` (staff): a cancelled prepaid order; no amount: what is left to refund. */
export const orderRefundBodySchema = z.object({
  amount: z
    .preprocess(numeric(undefined), z.number({ error: 'Amount must be a number' }).positive('Amount must be more than 0').max(10_000_000, 'Amount is too large'))
    .optional(),
});

/** `PATCH /api/refunds/{id}` (staff): a transfer paid by hand. */
export const refundDoneBodySchema = z.object({
  reference: z.string().trim().min(4, 'Enter the transfer’s reference').max(60, 'A reference is at most 60 characters'),
});

export const returnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Unknown return status' }).optional(),
  page: pageParam(1, 10_000),
});

export const returnParamsSchema = idParamsSchema('Return not found');
export const refundParamsSchema = idParamsSchema('Refund not found');

/** Settings → Returns. */
export const returnSettingsSchema = z.object({
  windowDays: z.preprocess(
    numeric(undefined),
    z.number({ error: 'Return window must be a number' }).int('Return window: whole days').min(0, 'Return window cannot be negative').max(90, 'Return window is at most 90 days'),
  ),
  nonReturnableCategories: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
}) satisfies z.ZodType<ReturnRules, unknown>;
