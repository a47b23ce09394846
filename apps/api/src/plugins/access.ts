import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Access } from '../types.ts';

/** The access declared for every route of an encapsulated scope (see `declareScopeAccess`). */
const SCOPE_ACCESS = Symbol('shop.scopeAccess');
type Scoped = FastifyInstance & { [SCOPE_ACCESS]?: Access };

/** Each server's declared access, by `METHOD /url` as registered. */
const tables = new WeakMap<FastifyInstance, Map<string, Access>>();

/** What every API route of the server declared, for the access matrix to hold against its rows. */
export function declaredAccess(app: FastifyInstance): ReadonlyMap<string, Access> {
  return tables.get(app) ?? new Map();
}

/**
 * For a third-party plugin that adds routes of its own and takes no route config (the OpenAPI
 * pages): every route registered in `scope`, an encapsulated plugin registered after the access
 * plugin, and in the plugins below it declares `access`, and is checked like any other route.
 * A child instance inherits the property through its prototype; a route's own access still wins.
 */
export function declareScopeAccess(scope: FastifyInstance, access: Access): void {
  (scope as Scoped)[SCOPE_ACCESS] = access;
}

/**
 * docs/security.md, Access: every API route declares `config.access`; a route without one stops the server at
 * start-up, so nothing is open by accident. Runs after the session plugin has set `req.user`.
 * Only routes registered after this plugin are seen, so it is registered before every route.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const declared = new Map<string, Access>();
  tables.set(app, declared);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const scoped = (this as Scoped)[SCOPE_ACCESS];
    if (scoped && route.config?.access === undefined) route.config = { ...route.config, access: scoped };
    const access = (route.config as { access?: string } | undefined)?.access;
    if (access !== 'open' && access !== 'user' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.set(`${method} ${route.url}`, access);
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === undefined || access === 'open') return;
    if (!req.user) throw unauthorized();
    if (access === 'admin' && req.user.role !== 'admin') throw forbidden();
  });
});
