import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/** DESIGN §4: rate limits on the auth routes, on by default; RATE_LIMITS=off for load tests. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.rateLimits) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
});

function bodyEmail(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Route config for a limited route: `max` per IP per window, and the same per email address named
 * in the body, so neither one address nor one account can be flooded.
 */
export function limitPerIpAndEmail(max: number, timeWindowMs: number) {
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      groupId: 'ip',
      keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
    },
  };
}

export { bodyEmail };
