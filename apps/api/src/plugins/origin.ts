import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env.ts';
import { isApiRequest } from '../lib/canonical-path.ts';
import { forbidden } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins a state-changing request may come from, from configuration only (never from the
 * Host header, which the sender chooses): PUBLIC_URL's and CORS_ORIGIN's. A shop left on its
 * default address answers on localhost and 127.0.0.1 alike.
 */
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

/**
 * Whether a request comes from an allowed origin, as far as the browser tells (decision 011). A browser
 * names the origin of every cross-origin request and of same-origin writes (`Origin`, else
 * `Referer`), and marks where it comes from in `Sec-Fetch-Site`; a request with neither comes from
 * no browser page (curl, a server), and so carries no ambient authority of a victim's browser.
 */
export function fromAllowedOrigin(req: FastifyRequest, allowed: Set<string>): boolean {
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin !== undefined) return allowed.has(origin);
  const site = req.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

/**
 * CSRF (decision 011): every state-changing request under /api must come from an allowed origin,
 * with or without a cookie: a signed-out login or signup from a foreign page would sign the victim's
 * browser in to the attacker's account (login CSRF). Callbacks signed by the payment provider opt out.
 */
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
