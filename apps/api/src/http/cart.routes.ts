import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAddBodySchema, cartPatchBodySchema, idParamsSchema } from '@shop/shared';
import { retryTransient } from '../db/client.ts';
import { addToCart, emptyCart, listCart, removeCartItem, updateCartItem } from '../modules/cart/cart.service.ts';

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
  app.delete('/', { config: user }, async (req, reply) => {
    await retryTransient(() => emptyCart(app.db, req.user!.id));
    return reply.code(204).send();
  });
};
