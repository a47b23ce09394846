import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderBodySchema, orderCancelBodySchema, orderConfirmBodySchema, orderPatchSchema, orderReopenBodySchema, STAGE_STATUS, worksInAdmin } from '@shop/shared';
import { badRequest, unauthorized } from '../lib/errors.ts';
import { confirmationView, confirmOrder, INVALID_LINK, staffOnly, toConfirmation } from '../flows/cod.ts';
import { checkout } from '../flows/checkout.ts';
import { idempotencyHeaders } from '../flows/idempotency.ts';
import { cancelOwnOrder, reopenOrder, updateOrderStatus } from '../flows/order-status.ts';
import type { Effects } from '../flows/effects.ts';
import { exportOrders } from '../modules/orders/orders-export.ts';
import {
  adminListQuerySchema,
  orderFiltersSchema,
  slipsQuerySchema,
  orderIdParams,
  ownerListQuerySchema,
  querySegmentParams,
} from '../modules/orders/orders.schemas.ts';
import { getOrder, getOrderRow, listAdminOrders, listOwnerOrders, ordersByIds, withCancellation } from '../modules/orders/orders.queries.ts';
import { statusHistory } from '../modules/orders/status-history.ts';

function segmentQuery<S extends z.ZodType>(schema: S, segment: string, query: unknown): z.infer<S> {
  const params = new URLSearchParams(segment);
  const merged: Record<string, unknown> = {
    ...(query as Record<string, string>),
    ...Object.fromEntries(params),
  };
  if (params.has('status')) merged.status = params.getAll('status');
  const parsed = schema.safeParse(merged);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

const user = { access: 'user' as const };
const staff = { access: 'staff' as const };
// docs/security.md, Access: the orders CSV is customer data, the owner's only.
const owner = { access: 'admin' as const };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const fx: Effects = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };
  // Decision 003: of the body only the address and the payment method are read.
  app.post(
    '/',
    { config: user, schema: { body: orderBodySchema, headers: idempotencyHeaders } },
    async (req, reply) => {
      if (req.body.paymentMethod !== 'cash')
        throw badRequest('Card payments are made through the payment window');
      const me = req.user!;
      const key = req.headers['idempotency-key'];
      const idempotency = key ? { scope: `order:${me.id}`, key } : undefined;
      const { order } = await checkout(app.db, fx, me, req.body, { method: 'cash' }, idempotency);
      return reply.code(201).send(order);
    },
  );

  app.get('/owner', { config: user, schema: { querystring: ownerListQuerySchema } }, (req) =>
    listOwnerOrders(app.db, req.user!.id, req.query),
  );
  app.get('/owner/:query', { config: user, schema: { params: querySegmentParams } }, (req) =>
    listOwnerOrders(app.db, req.user!.id, segmentQuery(ownerListQuerySchema, req.params.query, req.query)),
  );
  app.get('/admin', { config: staff, schema: { querystring: adminListQuerySchema } }, (req) =>
    listAdminOrders(app.db, req.query),
  );
  app.get('/admin/:query', { config: staff, schema: { params: querySegmentParams } }, (req) =>
    listAdminOrders(app.db, segmentQuery(adminListQuerySchema, req.params.query, req.query)),
  );

  app.get('/slips', { config: staff, schema: { querystring: slipsQuerySchema } }, (req) =>
    ordersByIds(app.db, req.query.ids),
  );

  app.get('/export', { config: owner, schema: { querystring: orderFiltersSchema } }, (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(exportOrders(app.db, req.query)),
  );

  app.get('/:id', { config: user, schema: { params: orderIdParams } }, (req) =>
    getOrder(app.db, req.user!, req.params.id),
  );
  app.get('/:id/history', { config: user, schema: { params: orderIdParams } }, async (req) => {
    const me = req.user!;
    await getOrderRow(app.db, me, req.params.id);
    return statusHistory(app.db, req.params.id, worksInAdmin(me.role));
  });

  // docs/product.md, My Orders: the shopper's own order, before dispatch; anyone else's is a 404.
  app.post(
    '/:id/cancel',
    { config: user, schema: { params: orderIdParams, body: orderCancelBodySchema } },
    async (req) => withCancellation(app.db, (await cancelOwnOrder(app.db, fx, req.user!.id, req.params.id, req.body.reason)).order),
  );

  // docs/product.md, Cash on delivery: the link in the mail and the phone message works signed out.
  const tokenQuery = z.object({ token: z.string({ error: INVALID_LINK }).regex(/^[A-Za-z0-9_-]{20,100}$/, INVALID_LINK) });
  app.get(
    '/:id/confirm',
    { config: { access: 'open' }, schema: { params: orderIdParams, querystring: tokenQuery } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmationView(app.db, req.params.id, req.query.token);
    },
  );
  // With the link's token, the shopper; without it, staff after a phone call (recorded with their name).
  app.post(
    '/:id/confirm',
    { config: { access: 'open' }, schema: { params: orderIdParams, body: orderConfirmBodySchema } },
    async (req) => {
      const token = req.body?.token;
      if (token) return toConfirmation(await confirmOrder(app.db, fx, req.params.id, { token }));
      if (!req.user) throw unauthorized();
      staffOnly(req.user.role);
      return confirmOrder(app.db, fx, req.params.id, { staffId: req.user.id });
    },
  );

  app.patch(
    '/:id',
    { config: staff, schema: { params: orderIdParams, body: orderPatchSchema } },
    async (req) => {
      const { status, stage } = req.body;
      const target = stage !== undefined && (status === undefined || STAGE_STATUS[stage] === status) ? { stage } : { status: status! };
      return (await updateOrderStatus(app.db, fx, req.params.id, target, req.user!.id)).order;
    },
  );

  // docs/product.md, Order statuses: a cancelled order back to pending, only on purpose, with a reason.
  app.post(
    '/:id/reopen',
    { config: staff, schema: { params: orderIdParams, body: orderReopenBodySchema } },
    async (req) => (await reopenOrder(app.db, fx, req.params.id, req.body.reason, req.user!.id)).order,
  );
};
