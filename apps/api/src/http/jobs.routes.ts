import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failedJobs } from '../jobs/jobs.table.ts';

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/failed', { config: { access: 'admin' } }, async () => {
    const rows = await app.db.select().from(failedJobs).orderBy(desc(failedJobs.failedAt)).limit(100);
    return rows.map((r) => ({ ...r, failedAt: r.failedAt.toISOString() }));
  });
};
