import { z } from 'zod';
import { MAX_ID, pageParam } from './params.ts';
import { PROMO_CODE_RE, PROMOTION_KINDS, PROMOTION_SPREADS } from './promotions.ts';

export * from './promotions.ts';

const CODE_MESSAGE = 'A code is 3 to 40 letters, digits, - or _';
const MAX_RUPEES = 10_000_000;

const code = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_RE, CODE_MESSAGE));

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max.toLocaleString('en-IN')}`);

const rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_RUPEES, `${label} is too large`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}: at most two decimals`);

const moment = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label}: a date and time with its offset, such as 2026-10-20T00:00:00+05:30` });

const names = (label: string) => z.array(z.string().trim().min(1).max(100), { error: `${label} must be a list` }).max(200, `At most 200 ${label}`);

export const promotionTargetSchema = z
  .object({
    categories: names('categories').default([]),
    brands: names('brands').default([]),
    productIds: z.array(z.number().int().min(1).max(MAX_ID), { error: 'Products must be a list of ids' }).max(1000, 'At most 1,000 products').default([]),
  })
  .strict();

const fields = {
  name: z.string({ error: 'Give the promotion a name' }).trim().min(2, 'Give the promotion a name').max(80, 'A name is at most 80 characters'),
  kind: z.enum(PROMOTION_KINDS, { error: 'Choose what kind of promotion it is' }),
  value: z.number({ error: 'Value must be a number' }).min(0, 'Value cannot be negative').max(MAX_RUPEES, 'Value is too large'),
  appliesTo: z.enum(PROMOTION_SPREADS, { error: 'Choose the order or each item' }),
  code: code.nullable(),
  startsAt: moment('Starts'),
  endsAt: moment('Ends').nullable(),
  minOrderRupees: rupees('Minimum order'),
  usageLimit: whole('Uses in all', 1, 10_000_000).nullable(),
  budgetRupees: rupees('Budget').nullable(),
  perCustomerLimit: whole('Uses per customer', 1, 1000).nullable(),
  newCustomersOnly: z.boolean({ error: 'New customers only: true or false' }),
  priority: whole('Priority', -1000, 1000),
  exclusive: z.boolean({ error: 'Exclusive: true or false' }),
  target: promotionTargetSchema.nullable(),
  buyQuantity: whole('Buy', 1, 100).nullable(),
  getQuantity: whole('Get', 1, 100).nullable(),
  getPercent: whole('Get … off', 1, 100).nullable(),
  maxApplications: whole('Times per order', 1, 1000).nullable(),
  enabled: z.boolean({ error: 'Enabled: true or false' }),
};

const shape = z.object(fields).strict();
export type PromotionBody = z.infer<typeof shape>;

/** The rules across fields, for a new promotion and for an edited one as it will be saved. */
function checkPromotion(p: PromotionBody, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (p.kind === 'percent' && (p.value <= 0 || p.value > 100)) issue('value', 'A percentage is more than 0 and at most 100');
  if ((p.kind === 'fixed' || p.kind === 'prepaid') && p.value <= 0) issue('value', 'Give the amount off in rupees');
  if ((p.kind === 'fixed' || p.kind === 'prepaid') && Math.abs(p.value * 100 - Math.round(p.value * 100)) > 1e-6) issue('value', 'Value: at most two decimals');
  if (p.kind === 'buy_x_get_y') {
    if (p.buyQuantity === null) issue('buyQuantity', 'Say how many to buy');
    if (p.getQuantity === null) issue('getQuantity', 'Say how many they get');
    if (p.getPercent === null) issue('getPercent', 'Say how much off the items they get (100 = free)');
  }
  if (p.endsAt !== null && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) issue('endsAt', 'It must end after it starts');
}

const defaults = {
  value: 0,
  appliesTo: 'order' as const,
  code: null,
  endsAt: null,
  minOrderRupees: 0,
  usageLimit: null,
  budgetRupees: null,
  perCustomerLimit: null,
  newCustomersOnly: false,
  priority: 0,
  exclusive: false,
  target: null,
  buyQuantity: null,
  getQuantity: null,
  getPercent: null,
  maxApplications: null,
  enabled: true,
};

/** `POST /api/promotions`: absent fields take the defaults; `startsAt` defaults to now. */
export const promotionBodySchema = z
  .object({
    ...fields,
    value: fields.value.default(defaults.value),
    appliesTo: fields.appliesTo.default(defaults.appliesTo),
    code: fields.code.default(defaults.code),
    startsAt: fields.startsAt.default(() => new Date().toISOString()),
    endsAt: fields.endsAt.default(defaults.endsAt),
    minOrderRupees: fields.minOrderRupees.default(0),
    usageLimit: fields.usageLimit.default(null),
    budgetRupees: fields.budgetRupees.default(null),
    perCustomerLimit: fields.perCustomerLimit.default(null),
    newCustomersOnly: fields.newCustomersOnly.default(false),
    priority: fields.priority.default(0),
    exclusive: fields.exclusive.default(false),
    target: fields.target.default(null),
    buyQuantity: fields.buyQuantity.default(null),
    getQuantity: fields.getQuantity.default(null),
    getPercent: fields.getPercent.default(null),
    maxApplications: fields.maxApplications.default(null),
    enabled: fields.enabled.default(true),
  })
  .strict()
  .superRefine(checkPromotion);

/** `PATCH /api/promotions/{id}`: the fields to change; the result is checked whole (`promotionSchema`). */
export const promotionPatchSchema = shape.partial();
export const promotionSchema = shape.superRefine(checkPromotion);

/** `POST /api/promotions/{id}/codes`: a batch of unique single-use codes. */
export const promotionCodesBodySchema = z
  .object({
    count: whole('Count', 1, 10_000),
    prefix: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{0,12}$/, 'A prefix is up to 12 letters or digits'))
      .default(''),
  })
  .strict();

export const promotionsQuerySchema = z.object({ page: pageParam(1, 10_000) });

/** `POST /api/cart/promo-code`. */
export const promoCodeBodySchema = z.object({ code }).strict();

/** `GET /api/cart/offers?method=`: with a method, promotions for paying online count (or not). */
export const cartOffersQuerySchema = z.object({ method: z.enum(['cash', 'card'], { error: 'Method is cash or card' }).optional() });

export { defaults as PROMOTION_DEFAULTS };
