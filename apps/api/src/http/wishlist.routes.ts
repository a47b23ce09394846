import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, notifyConfirmBodySchema, notifyMeBodySchema, priceDropMailsBodySchema, wishlistMergeBodySchema } from '@shop/shared';
import { PRODUCT_NOT_FOUND } from '../modules/products/products.queries.ts';
import { confirmNotifyMe, forgetProduct, keepProduct, mergeWishlist, notifyMe, priceDropMailsOf, setPriceDropMails, wishlistOf } from '../flows/shoppers-back.ts';
import { limited, type Limit } from '../plugins/rate-limit.ts';

const tags = ['wishlist'];
const user = { access: 'user' as const };
const open = { access: 'open' as const };
const productParams = z.object({ productId: idParamsSchema(PRODUCT_NOT_FOUND).shape.id });
const idParams = idParamsSchema(PRODUCT_NOT_FOUND);
// An open write that mails: a few tries from one address or for one inbox, not a flood.
const NOTIFY_LIMITS: Limit[] = [
  { by: 'ip', max: 30, windowMs: 15 * 60_000 },
  { by: 'email', max: 5, windowMs: 15 * 60_000 },
];
const CONFIRM_LIMITS: Limit[] = [{ by: 'ip', max: 30, windowMs: 15 * 60_000 }];

/** docs/product.md, Wishlist and Back in stock. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const fx = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };

  app.get('/wishlist', { config: user, schema: { tags, summary: "The shopper's wishlist, newest first, with today's prices and stock" } }, (req) =>
    wishlistOf(app.db, req.user!.id, app.productCache),
  );
  app.get('/wishlist/mails', { config: user, schema: { tags, summary: 'Whether a price drop on the wishlist is mailed (at most once a day)' } }, (req) =>
    priceDropMailsOf(app.db, req.user!.id),
  );
  app.put('/wishlist/mails', { config: user, schema: { tags, summary: 'Switch the price-drop mails on or off', body: priceDropMailsBodySchema } }, (req) =>
    setPriceDropMails(app.db, req.user!.id, req.body.priceDropMails),
  );
  app.post('/wishlist/merge', { config: user, schema: { tags, summary: "A visitor's wishlist joins the account's at sign-in → the wishlist", body: wishlistMergeBodySchema } }, (req) =>
    mergeWishlist(app.db, req.user!.id, req.body.productIds, app.productCache),
  );
  app.put(
    '/wishlist/:productId',
    { config: user, schema: { tags, summary: 'Keep a product → 200 (again: no change); 404 unknown or deleted; 409 when the wishlist is full', params: productParams } },
    async (req) => {
      await keepProduct(app.db, req.user!.id, req.params.productId, app.productCache);
      return { productId: req.params.productId };
    },
  );
  app.delete('/wishlist/:productId', { config: user, schema: { tags, summary: 'Remove a product → 204 (also when it was not kept)', params: productParams } }, async (req, reply) => {
    await forgetProduct(app.db, req.user!.id, req.params.productId);
    return reply.code(204).send();
  });

  app.post(
    '/products/:id/notify-me',
    {
      config: open,
      preValidation: limited(app, NOTIFY_LIMITS),
      schema: { tags, summary: 'Mail me when this sold-out product or variant is back: signed in at once, a guest after a link; 409 in stock', params: idParams, body: notifyMeBodySchema },
    },
    (req) => notifyMe(app.db, fx, req.params.id, req.body, req.user ?? null),
  );
  app.post(
    '/notify-me/confirm',
    { config: open, preValidation: limited(app, CONFIRM_LIMITS), schema: { tags, summary: "A guest's mailed link → 200 { message, productId }; 404 unknown, used or expired", body: notifyConfirmBodySchema } },
    (req) => confirmNotifyMe(app.db, req.body.token),
  );
};
