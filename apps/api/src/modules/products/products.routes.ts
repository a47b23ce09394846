import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, productBodySchema, productListQuerySchema, productPatchSchema, suggestQuerySchema } from '@shop/shared';
import { listenForProductWrites, ProductCache } from './product-cache.ts';
import { createProduct, getProductJson, listProducts, listShopperProductsJson, suggestProducts, updateProduct } from './products.service.ts';

const idParams = idParamsSchema('Product not found');
const tags = ['products'];
/** Pages larger than this are not cached: their ids would crowd out many small pages. */
const MAX_CACHED_PAGE = 100;

/** The catalogue (DESIGN §3): open reads, admin writes. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // docs/performance.md: shoppers' lists and suggestions from memory until any product is written.
  const cache = new ProductCache();
  if (app.config.productCache) app.addHook('onClose', await listenForProductWrites(app.database, cache));

  app.get(
    '/',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'List products: filters, search, sort, page → { products, totalProducts }', querystring: productListQuerySchema },
    },
    async (req, reply) =>
      // Admins always read the database: their list includes deleted products and admin-only sorts.
      // A shopper's page ids and total may come from the cache; its products are read fresh (decision 021).
      req.user?.role === 'admin'
        ? listProducts(app.db, req.query, req.user)
        : reply
            .type('application/json; charset=utf-8')
            .send(await listShopperProductsJson(app.db, req.query, req.query._per_page > MAX_CACHED_PAGE ? undefined : cache)),
  );

  app.get(
    '/suggest',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'Search suggestions for the top bar (beyond spec)', querystring: suggestQuerySchema },
    },
    (req) => cache.get(`suggest:${req.query.limit}:${req.query.q}`, () => suggestProducts(app.db, req.query.q, req.query.limit)),
  );

  app.get(
    '/:id',
    { config: { access: 'open' }, schema: { tags, summary: 'One product; deleted ones for admins only', params: idParams } },
    // Already JSON (built by the database); Fastify sends a string with a JSON content type as it is.
    async (req, reply) => reply.type('application/json; charset=utf-8').send(await getProductJson(app.db, req.params.id, req.user)),
  );

  app.post(
    '/',
    { config: { access: 'admin' }, schema: { tags, summary: 'Create a product (admin)', body: productBodySchema } },
    async (req, reply) => {
      const product = await createProduct(app.db, req.body);
      // The NOTIFY reaches every process; this one forgets at once, so its next reply shows the write.
      cache.invalidate();
      return reply.code(201).send(product);
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Update or soft-delete ({ deleted: true }) a product (admin)', params: idParams, body: productPatchSchema },
    },
    async (req) => {
      const product = await updateProduct(app.db, req.params.id, req.body);
      cache.invalidate();
      return product;
    },
  );
};
