import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  productBodySchema,
  productListQuerySchema,
  productPatchSchema,
  suggestQuerySchema,
  worksInAdmin,
} from '@shop/shared';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { listProductTable, productTableQuerySchema } from '../modules/products/admin-product-list.ts';
import { exportProducts, importProducts } from '../modules/products/products-csv.ts';
import { z } from 'zod';
import { badRequest, HttpError } from '../lib/errors.ts';
import {
  getProductJson,
  listProducts,
  listShopperProductsJson,
  productFacets,
  suggestProducts,
} from '../modules/products/products.queries.ts';
import { createProduct, updateProduct } from '../modules/products/products.service.ts';
import { saleBook } from '../flows/promotions.ts';

const idParams = idParamsSchema('Product not found');
const tags = ['products'];
// Larger pages are not cached: their ids would crowd out many small pages.
const MAX_CACHED_PAGE = 100;

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.productCache;

  app.get(
    '/',
    {
      config: { access: 'open' },
      schema: {
        tags,
        summary: 'List products: filters, search, sort, page → { products, totalProducts }',
        querystring: productListQuerySchema,
      },
    },
    async (req, reply) =>
      // The owner and staff read the database (deleted products, admin sorts); a shopper's ids and total may be cached (decision 021).
      worksInAdmin(req.user?.role)
        ? listProducts(app.db, req.query, req.user)
        : reply
            .type('application/json; charset=utf-8')
            .send(await listShopperProductsJson(app.db, req.query, req.query._per_page > MAX_CACHED_PAGE ? undefined : cache, await saleBook(app.db, cache))),
  );

  app.get(
    '/admin',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The admin product table: stock, price, discount and state',
        querystring: productTableQuerySchema,
      },
    },
    async (req) => listProductTable(app.db, req.query, (await getShopSettings(app.db)).lowStockThreshold),
  );

  app.get(
    '/export',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Every product as CSV, the import format (admin)' },
    },
    (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(exportProducts(app.db)),
  );

  app.post(
    '/import',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'Create and update products from a CSV (multipart "file", dryRun=true|false) → { created, updated, errors } (admin)',
        consumes: ['multipart/form-data'],
        querystring: z.object({
          dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional(),
        }),
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Choose a CSV file to import');
      let bytes: Buffer | undefined;
      let dryRun = req.query.dryRun;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'dryRun') {
            if (part.value !== 'true' && part.value !== 'false')
              throw badRequest('dryRun must be true or false');
            dryRun = part.value;
          }
        }
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new HttpError(413, 'The file must be under 10 MB');
        if (err instanceof HttpError) throw err;
        throw badRequest('The upload could not be read');
      }
      if (!bytes?.length) throw badRequest('Choose a CSV file to import');
      const result = await importProducts(app.db, bytes, dryRun !== 'false');
      if (!result.dryRun && (result.created || result.updated)) cache.invalidate();
      return result;
    },
  );

  app.get(
    '/suggest',
    {
      config: { access: 'open' },
      schema: {
        tags,
        summary: 'Search suggestions for the top bar',
        querystring: suggestQuerySchema,
      },
    },
    (req) =>
      cache.get(`suggest:${req.query.limit}:${req.query.q}`, () =>
        suggestProducts(app.db, req.query.q, req.query.limit),
      ),
  );

  app.get(
    '/:id',
    {
      config: { access: 'open' },
      schema: { tags, summary: 'One product; deleted ones for admins only', params: idParams },
    },
    // Already JSON (built by the database); Fastify sends a string with a JSON content type as it is.
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await getProductJson(app.db, req.params.id, req.user, cache, await saleBook(app.db, cache))),
  );

  app.post(
    '/',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Create a product (admin)', body: productBodySchema },
    },
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
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Update or soft-delete ({ deleted: true }) a product (admin)',
        params: idParams,
        body: productPatchSchema,
      },
    },
    async (req) => {
      const product = await updateProduct(app.db, req.params.id, req.body);
      cache.invalidate();
      return product;
    },
  );
};

/** The details shoppers filter by (fabric, occasion), cached until the catalogue changes. */
export const productFacetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'open' }, schema: { tags, summary: 'Fabrics and occasions live products carry → { fabrics, occasions }' } },
    () => app.productCache.get('facets', () => productFacets(app.db)),
  );
};
