import { z } from 'zod';
import { EMAIL_RE } from './auth.ts';
import { pageParam } from './params.ts';
import { IMAGE_URL_RE } from './product.ts';
import { MAX_REVIEW_PHOTOS, REVIEW_SORTS } from './reviews.ts';

export * from './reviews.ts';

/** Plain text: markup is refused, not stripped, so what the shopper sees is what they wrote. */
const MARKUP_RE = /<\s*\/?\s*[a-z!?]/i;

const plain = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min === 1 ? `${label} is required` : `${label} needs at least ${min} characters`)
    .max(max, `${label} is at most ${max.toLocaleString('en-IN')} characters`)
    .refine((v) => !MARKUP_RE.test(v), `${label} must be plain text, without HTML`);

/** Only photos this shop stored: a review cannot point shoppers at someone else's server. */
const photo = z
  .string({ error: 'A photo is not valid' })
  .max(2048, 'A photo is not valid')
  .regex(IMAGE_URL_RE, 'A photo is not valid')
  .refine((v) => v.startsWith('/uploads/'), 'Upload the photo with the review form');

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Choose 1 to 5 stars' })
    .int('Choose 1 to 5 stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  title: plain('Title', 1, 120),
  body: plain('Review', 1, 4000),
  photos: z
    .array(photo, { error: 'Photos must be a list' })
    .max(MAX_REVIEW_PHOTOS, `At most ${MAX_REVIEW_PHOTOS} photos`)
    .default([]),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `Sort is one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
  page: pageParam(1, 10_000),
});

/** The owner: hide or show (publish) a review, or reply (an empty reply removes it). */
export const reviewPatchSchema = z
  .object({
    status: z.enum(['published', 'hidden'], { error: 'Status is published or hidden' }).optional(),
    reply: z
      .string({ error: 'A reply is text' })
      .trim()
      .max(2000, 'A reply is at most 2,000 characters')
      .refine((v) => !MARKUP_RE.test(v), 'A reply must be plain text, without HTML')
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.reply !== undefined, 'Nothing to change');

export const adminReviewsQuerySchema = z.object({
  status: z.enum(['published', 'pending', 'hidden'], { error: 'Status is published, pending or hidden' }).optional(),
  page: pageParam(1, 10_000),
});

export const notifyMeBodySchema = z.object({
  color: z.string({ error: 'Colour is text' }).trim().max(60, 'Colour is too long').optional(),
  size: z.union([z.string().trim().max(30, 'Size is too long'), z.number().positive().max(1000)], { error: 'Size is a label or a number' }).optional(),
  email: z.string({ error: 'Please enter a valid email' }).trim().max(254, 'Please enter a valid email').regex(EMAIL_RE, 'Please enter a valid email').optional(),
});

export const notifyConfirmBodySchema = z.object({
  token: z.string({ error: 'This link is not valid' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid'),
});

export const wishlistMergeBodySchema = z.object({
  productIds: z
    .array(z.number({ error: 'Product ids are numbers' }).int().min(1).max(2_147_483_647), { error: 'Product ids must be a list' })
    .max(200, 'At most 200 products'),
});

export const customersQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters').default(''),
  page: pageParam(1, 100_000),
});

export const priceDropMailsBodySchema = z.object({
  priceDropMails: z.boolean({ error: 'priceDropMails is true or false' }),
});

/** The customers CSV: every customer the list's search finds, all pages. */
export const customersExportQuerySchema = customersQuerySchema.pick({ search: true });
