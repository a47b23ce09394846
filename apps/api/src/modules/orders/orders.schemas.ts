import { z } from 'zod';
import {
  dayParam,
  idParamsSchema,
  MAX_PER_PAGE,
  ORDER_SORT_KEYS,
  ORDER_STATUSES,
  ORDERS_PER_PAGE,
  OWNER_ORDERS_PER_PAGE,
  PAYMENT_METHODS,
  pageParam,
} from '@shop/shared';

/** Unknown keys (and a trailing &) are ignored. */
export const ownerListQuerySchema = z.object({
  _page: pageParam(1, 100_000, 'Invalid page'),
  _per_page: pageParam(OWNER_ORDERS_PER_PAGE, MAX_PER_PAGE, 'Invalid page size'),
});
export type OwnerListQuery = z.infer<typeof ownerListQuerySchema>;

const emptyIsAbsent = (v: unknown) => (v === '' ? undefined : v);

// Bad values are a 400: a filter silently dropped would show orders the admin asked not to see.
const filterFields = {
  search: z.preprocess(emptyIsAbsent, z.string().trim().max(100, 'Search is too long').optional()),
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(ORDER_STATUSES, { error: 'Invalid status' }))
      .max(4, 'Invalid status')
      .optional(),
  ),
  paymentMethod: z.preprocess(
    emptyIsAbsent,
    z.enum(PAYMENT_METHODS, { error: 'Invalid payment method' }).optional(),
  ),
  // Only `awaiting`: the COD orders still waiting for the shopper's confirmation (docs/product.md, Cash on delivery).
  confirmation: z.preprocess(
    emptyIsAbsent,
    z.enum(['awaiting'], { error: 'Invalid confirmation' }).optional(),
  ),
  from: dayParam,
  to: dayParam,
};
const inOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const rangeInOrder = [inOrder, { path: ['to'], message: 'The start date is after the end date' }] as [
  typeof inOrder,
  { path: string[]; message: string },
];

export const orderFiltersSchema = z.object(filterFields).refine(...rangeInOrder);
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** docs/product.md, Order calls: newest first by default. */
export const adminListQuerySchema = ownerListQuerySchema
  .extend({
    _sort: z.enum(ORDER_SORT_KEYS).catch('createdAt').default('createdAt'),
    _order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
    _per_page: pageParam(ORDERS_PER_PAGE, MAX_PER_PAGE, 'Invalid page size'),
    ...filterFields,
  })
  .refine(...rangeInOrder);
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The query sent as the last path segment (`/orders/admin/_sort=createdAt&_page=1&`), as older clients do. */
export const querySegmentParams = z.object({ query: z.string().max(500) });

export const orderIdParams = idParamsSchema('Order not found');

export const slipsQuerySchema = z.object({
  ids: z
    .string({ error: 'Choose the orders to print' })
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$/, 'Choose up to 100 orders to print')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'Choose up to 100 orders to print'),
});
