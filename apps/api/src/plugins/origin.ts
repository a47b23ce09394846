import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';
import { SESSION_COOKIE } from './session.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (DESIGN §4): a cookie-carrying write must come from the shop's own origin. Browsers send
 * Origin on every cross-site write; requests without a cookie carry no ambient authority.
 */
export const originPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set<string>([new URL(app.config.publicUrl).origin]);
  if (app.config.corsOrigin) for (const o of app.config.corsOrigin.split(',')) allowed.add(o.trim().replace(/\/$/, ''));
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (req.routeOptions.config.originCheck === false) return;
    if (!req.cookies[SESSION_COOKIE]) return;
    const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
    if (origin === undefined) return;
    const selfOrigin = `${req.protocol}://${req.headers.host ?? ''}`;
    if (!allowed.has(origin) && origin !== selfOrigin) throw forbidden('Cross-site request refused');
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
