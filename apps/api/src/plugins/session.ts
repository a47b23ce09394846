import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { isApiRequest } from '../lib/canonical-path.ts';
import { sessions } from '../modules/auth/auth.table.ts';
import { SESSION_COOKIE, TOUCH_INTERVAL_MS, hashToken, prepareSessionUser } from '../modules/auth/sessions.ts';

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const sessionUser = prepareSessionUser(app.db);
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const id = hashToken(token);
    const now = new Date();
    const idleSince = new Date(now.getTime() - app.config.sessionIdleMs);
    const [row] = await sessionUser.execute({ id, now: now.toISOString(), idleSince: idleSince.toISOString() });
    if (!row) return;
    req.user = { id: row.userId, email: row.email, role: row.role, sessionId: id };
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    }
  });
});

