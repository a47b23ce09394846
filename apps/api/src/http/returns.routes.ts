import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderRefundBodySchema,
  refundDoneBodySchema,
  refundParamsSchema,
  returnParamsSchema,
  returnPatchBodySchema,
  returnRequestBodySchema,
  returnShipBackBodySchema,
  returnsQuerySchema,
  worksInAdmin,
} from '@shop/shared';
import { forbidden, notFound } from '../lib/errors.ts';
import type { Effects } from '../flows/effects.ts';
import { markRefundPaid, refundCancelledOrder } from '../flows/refunds.ts';
import { orderReturns, refundSettled, requestReturn, shipBack, updateReturn } from '../flows/returns.ts';
import { sendDocument } from './invoices.routes.ts';
import { getOrderRow } from '../modules/orders/orders.queries.ts';
import { orderIdParams } from '../modules/orders/orders.schemas.ts';
import { listReturns, returnById, returnViews } from '../modules/returns/returns.service.ts';
import { saveUpload } from '../modules/uploads/uploads.service.ts';
import { limited } from '../plugins/rate-limit.ts';
import { uploadedFile } from './uploads.routes.ts';

const tags = ['returns'];
const staff = { access: 'staff' as const };
const admin = { access: 'admin' as const };
const user = { access: 'user' as const };
const creditNoteParams = z.object({
  id: orderIdParams.shape.id,
  docId: returnParamsSchema.shape.id.pipe(z.number()),
});
// A shopper's photos of a return: enough for a few requests, not a free image host.
const PHOTO_LIMITS = [{ by: 'ip' as const, max: 30, windowMs: 15 * 60_000 }];

/** docs/product.md, Returns and refunds. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const fx: Effects = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };
  const settled = refundSettled(fx);

  app.post(
    '/returns/photos',
    {
      config: user,
      preValidation: limited(app, PHOTO_LIMITS),
      schema: { tags, summary: 'A photo for a return (multipart field "file", at most 10 MB) → 201 { url }', consumes: ['multipart/form-data'] },
    },
    async (req, reply) => reply.code(201).send({ url: (await saveUpload(app.storage, await uploadedFile(app, req))).url }),
  );

  app.post(
    '/orders/:id/returns',
    { config: user, schema: { tags, summary: 'Ask to return or exchange items of a delivered order (its shopper) → 201', params: orderIdParams, body: returnRequestBodySchema } },
    async (req, reply) => reply.code(201).send(await requestReturn(app.db, fx, req.user!, req.params.id, req.body)),
  );

  app.get(
    '/orders/:id/returns',
    { config: user, schema: { tags, summary: 'The order’s returns, what can still be returned, its credit notes and refunds (its shopper or staff)', params: orderIdParams } },
    async (req) => orderReturns(app.db, await getOrderRow(app.db, req.user!, req.params.id), worksInAdmin(req.user!.role)),
  );

  app.post(
    '/returns/:id/pickup',
    { config: user, schema: { tags, summary: 'The courier and AWB of a return the shopper sent back themselves', params: returnParamsSchema, body: returnShipBackBodySchema } },
    async (req) => shipBack(app.db, req.user!.id, req.params.id, req.body),
  );

  app.get(
    '/returns',
    { config: staff, schema: { tags, summary: 'Returns, newest first, by status (staff)', querystring: returnsQuerySchema } },
    async (req) => {
      const page = await listReturns(app.db, req.query);
      return { returns: await returnViews(app.db, page.rows, true), total: page.total, page: page.page, pages: page.pages };
    },
  );

  app.get(
    '/returns/:id',
    { config: user, schema: { tags, summary: 'One return (its shopper or staff)', params: returnParamsSchema } },
    async (req) => {
      const row = await returnById(app.db, req.params.id);
      const forStaff = worksInAdmin(req.user!.role);
      if (!forStaff && row.userId !== req.user!.id) throw notFound('Return not found');
      return (await returnViews(app.db, [row], forStaff))[0];
    },
  );

  app.patch(
    '/returns/:id',
    { config: staff, schema: { tags, summary: 'Approve, reject, receive (accept or refuse) a return, or mark its transfer paid (staff; paid: owner)', params: returnParamsSchema, body: returnPatchBodySchema } },
    async (req) => updateReturn(app.db, fx, app.payments, req.user!, req.params.id, req.body),
  );

  app.post(
    '/orders/:id/refunds',
    { config: admin, schema: { tags, summary: 'Refund a cancelled order paid online, whole or in part (owner) → 201', params: orderIdParams, body: orderRefundBodySchema } },
    async (req, reply) => {
      if (app.payments.name === 'none') throw forbidden('Card payments are not set up');
      return reply.code(201).send(await refundCancelledOrder(app.db, app.payments, req.params.id, req.body.amount, settled));
    },
  );

  app.patch(
    '/refunds/:id',
    { config: admin, schema: { tags, summary: 'Mark a refund by UPI or bank transfer paid, with its reference (owner)', params: refundParamsSchema, body: refundDoneBodySchema } },
    (req) => markRefundPaid(app.db, req.params.id, req.body.reference, settled),
  );

  app.get(
    '/orders/:id/credit-notes/:docId',
    { config: user, schema: { tags, summary: 'One of the order’s credit notes as a PDF (its shopper or staff)', params: creditNoteParams } },
    (req, reply) => sendDocument(app, req, reply, req.params.id, 'credit_note', req.params.docId),
  );
};
