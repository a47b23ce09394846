import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

export const READY_TIMEOUT_MS = 3000;
export const DRAIN_TIMEOUT_MS = 15_000;

export const healthPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Decision 013: a reply finished during shutdown must not keep its connection open for the keep-alive.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  waitForOrphanedRequests(app);

  app.get('/api/health', { config: { access: 'open' } }, async () => ({ ok: true }));

  app.get('/api/ready', { config: { access: 'open' } }, async (_req, reply) => {
    if (closing) return reply.code(503).send({ message: 'Shutting down' });
    let timer: NodeJS.Timeout | undefined;
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

// Decision 013: a request whose client has gone still runs its queries, so the pool may close only after it.
function waitForOrphanedRequests(app: FastifyInstance) {
  const sent = new WeakSet<IncomingMessage>();
  const orphans = new Set<IncomingMessage>();
  let drained: (() => void) | undefined;
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('close', () => {
      if (!sent.has(req) && !res.writableEnded) orphans.add(req);
    });
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    sent.add(req.raw);
    if (orphans.delete(req.raw) && orphans.size === 0) drained?.();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    if (orphans.size === 0) return;
    app.log.info({ requests: orphans.size }, 'waiting for the requests still running');
    const finished = new Promise<void>((resolve) => (drained = resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS)));
    await Promise.race([finished, late]);
    clearTimeout(timer);
    if (orphans.size) app.log.warn({ requests: orphans.size }, 'closing with requests still running');
  });
}
