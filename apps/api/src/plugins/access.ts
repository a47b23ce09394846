import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { worksInAdmin } from '@shop/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Access } from '../types.ts';

const ACCESS_LEVELS: readonly string[] = ['open', 'user', 'staff', 'admin'] satisfies Access[];

const SCOPE_ACCESS = Symbol('shop.scopeAccess');
type Scoped = FastifyInstance & { [SCOPE_ACCESS]?: Access };

// For a plugin whose routes take no config (the OpenAPI pages); child instances inherit it through their prototype.
export function declareScopeAccess(scope: FastifyInstance, access: Access): void {
  (scope as Scoped)[SCOPE_ACCESS] = access;
}

// docs/security.md, Access. It sees only the routes registered after it, so it comes before every route.
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const scoped = (this as Scoped)[SCOPE_ACCESS];
    if (scoped && route.config?.access === undefined) route.config = { ...route.config, access: scoped };
    const access = (route.config as { access?: string } | undefined)?.access;
    if (access === undefined || !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === undefined || access === 'open') return;
    if (!req.user) throw unauthorized();
    if (access === 'admin' && req.user.role !== 'admin') throw forbidden();
    if (access === 'staff' && !worksInAdmin(req.user.role)) throw forbidden();
  });
});
