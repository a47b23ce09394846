import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const UPLOADS = '/uploads/';

/**
 * Pictures for a client on another origin (DESIGN §7). The database keeps location-free
 * `/uploads/…` references; when a base is configured, every JSON reply names them absolutely, and
 * absolute references to this base in a request body are stored relative again. In JSON an
 * unescaped `"` followed by `/uploads/` can only open a string value, so one replace covers every
 * reply, the product JSON built by PostgreSQL included. Off (and free) on the default single origin.
 */
export const assetUrlsPlugin = fp(async (app: FastifyInstance) => {
  const base = app.config.assetBaseUrl;
  if (!base) return;
  const absolute = `${base}${UPLOADS}`;
  app.addHook('onSend', async (_req, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return payload.replaceAll(`"${UPLOADS}`, `"${absolute}`);
  });
  app.addHook('preHandler', async (req) => {
    if (req.body && typeof req.body === 'object') req.body = relativise(req.body, absolute);
  });
});

function relativise(value: unknown, absolute: string): unknown {
  if (typeof value === 'string') return value.startsWith(absolute) ? `${UPLOADS}${value.slice(absolute.length)}` : value;
  if (Array.isArray(value)) return value.map((v) => relativise(v, absolute));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relativise(v, absolute)]));
  return value;
}
