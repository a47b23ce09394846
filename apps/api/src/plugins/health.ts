import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** How long /api/ready waits for `select 1` before it calls the database unavailable. */
export const READY_TIMEOUT_MS = 3000;

/**
 * DESIGN §9, for load balancers: /api/health says the process is alive; /api/ready says it can serve
 * (the database answers) and turns 503 as soon as shutdown begins, so traffic moves elsewhere while
 * the requests in flight finish, each closing its connection (docs/decisions/013-compiled-server.md).
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A request that was in flight when shutdown began would otherwise leave its connection open for
  // the keep-alive timeout, and the close waits for every connection.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.get('/api/health', { config: { access: 'open' } }, async () => ({ ok: true }));

  app.get('/api/ready', { config: { access: 'open' } }, async (_req, reply) => {
    if (closing) return reply.code(503).send({ message: 'Shutting down' });
    let timer: NodeJS.Timeout | undefined;
    // A database that hangs (a dropped network, a full pool) must fail the check, not hold it open.
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, 'timeout')),
    );
    try {
      const answer = await Promise.race([app.db.execute(sql`select 1`), timedOut]);
      if (answer === 'timeout') return reply.code(503).send({ message: 'Database did not answer' });
    } catch (err) {
      app.log.warn({ err }, 'readiness check: the database failed');
      return reply.code(503).send({ message: 'Database unavailable' });
    } finally {
      clearTimeout(timer);
    }
    return { ok: true };
  });
});
