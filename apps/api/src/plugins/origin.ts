import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env.ts';
import { isApiRequest } from '../lib/canonical-path.ts';
import { forbidden } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

// Decision 011: from configuration only, never from the Host header, which the sender chooses.
export function allowedOrigins(
  config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'publicUrlIsDefault'>,
): Set<string> {
  const allowed = new Set<string>([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  if (config.publicUrlIsDefault) {
    const { port } = new URL(config.publicUrl);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) allowed.add(`http://${host}:${port}`);
  }
  return allowed;
}

// Decision 011: without Origin, Referer and Sec-Fetch-Site a request comes from no page, so it carries no victim's cookies.
export function fromAllowedOrigin(req: FastifyRequest, allowed: Set<string>): boolean {
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin !== undefined) return allowed.has(origin);
  const site = req.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

export const originPlugin = fp(async (app: FastifyInstance) => {
  const allowed = allowedOrigins(app.config);
  app.decorate('fromAllowedOrigin', (req: FastifyRequest) => fromAllowedOrigin(req, allowed));
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !isApiRequest(req)) return;
    if (req.routeOptions.config.originCheck === false) return;
    if (!fromAllowedOrigin(req, allowed)) throw forbidden('Cross-site request refused');
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
