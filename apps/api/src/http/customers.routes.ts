import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersExportQuerySchema, customersQuerySchema, idParamsSchema } from '@shop/shared';
import { exportCustomers, getCustomer, listCustomers } from '../modules/customers/customers.service.ts';

const tags = ['customers'];
const staff = { access: 'staff' as const };
// docs/security.md, Access: a CSV of customers' names, emails and phones is the owner's, as the orders CSV is.
const owner = { access: 'admin' as const };
const idParams = idParamsSchema('Customer not found');

/** docs/product.md, Customers: every shopper with their figures from their orders. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Shoppers, newest first, 20 a page, with their orders’ figures; search by name, email or phone (staff)',
        querystring: customersQuerySchema,
      },
    },
    (req) => listCustomers(app.db, req.query),
  );
  app.get(
    '/export',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Every shopper the search finds, as customers.csv (admin)',
        querystring: customersExportQuerySchema,
      },
    },
    (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .header('cache-control', 'private, no-store')
        .send(exportCustomers(app.db, req.query)),
  );
  app.get(
    '/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A shopper: figures, addresses, latest 50 orders, reviews, wishlist count (staff)',
        params: idParams,
      },
    },
    (req) => getCustomer(app.db, req.params.id),
  );
};
