import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productBodySchema, productListQuerySchema, productPatchSchema, suggestQuerySchema } from '@shop/shared';
import { createProduct, getProduct, listProducts, suggestProducts, updateProduct } from './products.service.ts';

const idParams = z.object({ id: z.string().max(40) });
const tags = ['products'];

/** The catalogue (DESIGN §3): open reads, admin writes. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'List products: filters, search, sort, page → { products, totalProducts }', querystring: productListQuerySchema },
    },
    (req) => listProducts(app.db, req.query, req.user),
  );

  app.get(
    '/suggest',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'Search suggestions for the top bar (beyond spec)', querystring: suggestQuerySchema },
    },
    (req) => suggestProducts(app.db, req.query.q, req.query.limit),
  );

  app.get(
    '/:id',
    { config: { access: 'open' }, schema: { tags, summary: 'One product; deleted ones for admins only', params: idParams } },
    (req) => getProduct(app.db, req.params.id, req.user),
  );

  app.post(
    '/',
    { config: { access: 'admin' }, schema: { tags, summary: 'Create a product (admin)', body: productBodySchema } },
    async (req, reply) => reply.code(201).send(await createProduct(app.db, req.body)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Update or soft-delete ({ deleted: true }) a product (admin)', params: idParams, body: productPatchSchema },
    },
    (req) => updateProduct(app.db, req.params.id, req.body),
  );
};
