import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAddBodySchema, cartPatchBodySchema, guestCartBodySchema, idParamsSchema } from '@shop/shared';
import { retryTransient } from '../db/client.ts';
import { addToCart, emptyCart, listCart, quoteGuestCart, removeCartItem, updateCartItem } from '../modules/cart/cart.service.ts';
import { mergeGuestCart } from '../flows/guest-cart.ts';
import { idempotencyHeaders } from '../flows/idempotency.ts';

const idParams = idParamsSchema('Cart item not found');
const user = { access: 'user' as const };

// Writes run again as a deadlock victim: a checkout or payment may lock the same lines (docs/security.md, Money and stock).
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: user }, (req) => listCart(app.db, req.user!.id));
  app.post('/', { config: user, schema: { body: cartAddBodySchema } }, async (req, reply) =>
    reply.code(201).send(await retryTransient(() => addToCart(app.db, req.user!.id, req.body))),
  );
  app.patch('/:id', { config: user, schema: { params: idParams, body: cartPatchBodySchema } }, (req) =>
    retryTransient(() => updateCartItem(app.db, req.user!.id, req.params.id, req.body)),
  );
  app.delete('/:id', { config: user, schema: { params: idParams } }, (req) =>
    retryTransient(() => removeCartItem(app.db, req.user!.id, req.params.id)),
  );
  // A guest's cart lives in their browser; the server prices it and, at sign-in, adds it to the account's.
  app.post('/quote', { config: { access: 'open' }, schema: { body: guestCartBodySchema } }, (req) => quoteGuestCart(app.db, req.body));
  app.post('/merge', { config: user, schema: { body: guestCartBodySchema, headers: idempotencyHeaders } }, (req) =>
    mergeGuestCart(app.db, req.user!.id, req.body, req.headers['idempotency-key']),
  );
  app.delete('/', { config: user }, async (req, reply) => {
    await retryTransient(() => emptyCart(app.db, req.user!.id));
    return reply.code(204).send();
  });
};
