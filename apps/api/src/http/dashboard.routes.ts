import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { dashboard, dashboardQuerySchema } from '../modules/dashboard/dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: 'Figures of a period and the one before it (admin)',
        querystring: dashboardQuerySchema,
      },
    },
    async (req) => dashboard(app.db, req.query, (await getShopSettings(app.db)).lowStockThreshold),
  );
};
