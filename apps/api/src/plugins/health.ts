import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** How long /api/ready waits for `select 1` before it calls the database unavailable. */
export const READY_TIMEOUT_MS = 3000;
/** How long a closing server waits for the requests whose clients have gone to finish their work. */
export const DRAIN_TIMEOUT_MS = 15_000;

/**
 * For load balancers (README, Running it for real): /api/health says the process is alive; /api/ready says it can serve
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

  waitForOrphanedRequests(app);

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

/**
 * The server's close waits for the connections, not for the handlers: a request whose client has
 * gone goes on with its queries, and would meet a closed pool. Such a request is counted from the
 * moment its connection closes until its reply is handed over (onSend, which Fastify runs for it
 * too); the app's close waits for the count to reach nothing. onClose hooks run last-registered
 * first: this one runs before the job queue, the background work and the product listener stop,
 * and the database closes after all of them.
 */
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
