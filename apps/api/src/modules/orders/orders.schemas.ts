import { z } from 'zod';
import { idParamsSchema, MAX_PER_PAGE, pageParam, ORDER_SORT_KEYS, ORDERS_PER_PAGE, OWNER_ORDERS_PER_PAGE } from '@shop/shared';

/** Query of GET /orders/owner: page keys only; unknown keys (and a trailing &) are ignored. */
export const ownerListQuerySchema = z.object({
  _page: pageParam(1, 100_000, 'Invalid page'),
  _per_page: pageParam(OWNER_ORDERS_PER_PAGE, MAX_PER_PAGE, 'Invalid page size'),
});
export type OwnerListQuery = z.infer<typeof ownerListQuerySchema>;

/** Query of GET /orders/admin; SPEC §9 default sort createdAt descending. */
export const adminListQuerySchema = ownerListQuerySchema.extend({
  _sort: z.enum(ORDER_SORT_KEYS).catch('createdAt').default('createdAt'),
  _order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  _per_page: pageParam(ORDERS_PER_PAGE, MAX_PER_PAGE, 'Invalid page size'),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The query sent as the last path segment (`/orders/admin/_sort=createdAt&_page=1&`), as older clients do. */
export const querySegmentParams = z.object({ query: z.string().max(500) });

export const orderIdParams = idParamsSchema('Order not found');
