import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sizeChartSchema } from '@shop/shared';
import { deleteSizeChart, listSizeCharts, saveSizeChart } from '../modules/products/size-charts.ts';

const tags = ['catalog'];
const categoryParams = z.object({
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(100, 'Category is too long'),
});

/** Size charts per category, shown on their products' pages (decision 036). */
export const sizeChartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'staff' }, schema: { tags, summary: 'Every category size chart (admin)' } },
    () => listSizeCharts(app.db),
  );
  app.put(
    '/:category',
    {
      config: { access: 'staff' },
      schema: { tags, summary: "Set a category's size chart (admin)", params: categoryParams, body: sizeChartSchema },
    },
    async (req) => {
      const saved = await saveSizeChart(app.db, req.params.category, req.body);
      app.productCache.invalidate();
      return saved;
    },
  );
  app.delete(
    '/:category',
    {
      config: { access: 'staff' },
      schema: { tags, summary: "Remove a category's size chart (admin)", params: categoryParams },
    },
    async (req) => {
      const gone = await deleteSizeChart(app.db, req.params.category);
      app.productCache.invalidate();
      return gone;
    },
  );
};
