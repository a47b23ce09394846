import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * DESIGN §4: every API route declares `config.access`; a route without one stops the server at
 * start-up, so nothing is open by accident. Runs after the session plugin has set `req.user`.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const access = (route.config as { access?: string } | undefined)?.access;
    if (access !== 'open' && access !== 'user' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === undefined || access === 'open') return;
    if (!req.user) throw unauthorized();
    if (access === 'admin' && req.user.role !== 'admin') throw forbidden();
  });
});
