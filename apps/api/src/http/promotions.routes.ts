import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartOffersQuerySchema,
  idParamsSchema,
  promoCodeBodySchema,
  promotionBodySchema,
  promotionCodesBodySchema,
  promotionPatchSchema,
  promotionsQuerySchema,
} from '@shop/shared';
import { retryTransient } from '../db/client.ts';
import { applyCartCode, cartOffers, removeCartCode } from '../flows/promotions.ts';
import {
  batchCodesCsv,
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  makeCodes,
  updatePromotion,
} from '../modules/promotions/promotions.service.ts';
import { limited } from '../plugins/rate-limit.ts';

const tags = ['promotions'];
const admin = { access: 'admin' as const };
const user = { access: 'user' as const };
const idParams = idParamsSchema('Promotion not found');
// Guessing codes one after another is not a way in: a shopper tries a few, not thousands.
const CODE_LIMITS = [{ by: 'ip' as const, max: 30, windowMs: 15 * 60_000 }];

/** docs/product.md, Promotions: the owner's promotions (admin; the money is theirs). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: admin, schema: { tags, summary: 'Promotions, newest first, 20 a page, with their figures (admin)', querystring: promotionsQuerySchema } }, (req) =>
    listPromotions(app.db, req.query.page),
  );
  app.post('/', { config: admin, schema: { tags, summary: 'Make a promotion → 201 (admin)', body: promotionBodySchema } }, async (req, reply) =>
    reply.code(201).send(await createPromotion(app.db, req.body)),
  );
  app.get('/:id', { config: admin, schema: { tags, summary: 'A promotion with its orders by India day (admin)', params: idParams } }, (req) =>
    getPromotion(app.db, req.params.id),
  );
  app.patch('/:id', { config: admin, schema: { tags, summary: 'Change a promotion; the result is checked whole (admin)', params: idParams, body: promotionPatchSchema } }, (req) =>
    updatePromotion(app.db, req.params.id, req.body),
  );
  app.delete('/:id', { config: admin, schema: { tags, summary: 'Delete an unused promotion → 204; a used one is a 409 (admin)', params: idParams } }, async (req, reply) => {
    await deletePromotion(app.db, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/:id/codes',
    { config: admin, schema: { tags, summary: 'Make a batch of unique single-use codes → 201 { created, batchCodes } (admin)', params: idParams, body: promotionCodesBodySchema } },
    async (req, reply) => reply.code(201).send(await makeCodes(app.db, req.params.id, req.body.count, req.body.prefix)),
  );
  app.get('/:id/codes.csv', { config: admin, schema: { tags, summary: 'The batch codes as CSV: code, used, order, used_at (admin)', params: idParams } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="promotion-${req.params.id}-codes.csv"`)
      .header('cache-control', 'private, no-store')
      .send(await batchCodesCsv(app.db, req.params.id)),
  );
};

/** docs/product.md, Promotions: the shopper's code and what their cart gets. */
export const cartOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers', { config: user, schema: { tags, summary: 'What promotions take off the cart, and its code', querystring: cartOffersQuerySchema } }, (req) =>
    cartOffers(app.db, req.user!.id, req.query.method ?? null, app.productCache),
  );
  app.post(
    '/promo-code',
    { config: user, preValidation: limited(app, CODE_LIMITS), schema: { tags, summary: 'Apply a code to the cart → 200 with the saving, or a 4xx { message }', body: promoCodeBodySchema } },
    (req) => retryTransient(() => applyCartCode(app.db, req.user!.id, req.body.code, app.productCache)),
  );
  app.delete('/promo-code', { config: user, schema: { tags, summary: 'Take the code off the cart' } }, (req) =>
    retryTransient(() => removeCartCode(app.db, req.user!.id, app.productCache)),
  );
};
