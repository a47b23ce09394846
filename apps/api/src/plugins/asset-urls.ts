import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_AVATAR_URL } from '@shop/shared';

const UPLOADS = '/uploads/';

// Decision 012: in JSON an unescaped `"/uploads/` can only open a string, so one replace names every picture.
export const assetUrlsPlugin = fp(async (app: FastifyInstance) => {
  const absolute = app.config.pictureUrlPrefix;
  if (!absolute) return;
  const avatar = app.config.corsOrigins.length ? `${app.config.assetBaseUrl ?? app.config.publicUrl}${DEFAULT_AVATAR_URL}` : undefined;
  app.addHook('onSend', async (_req, reply, payload) => {
    if (
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      return payload;
    const named = payload.replaceAll(`"${UPLOADS}`, `"${absolute}`);
    return avatar ? named.replaceAll(`"${DEFAULT_AVATAR_URL}"`, `"${avatar}"`) : named;
  });
  app.addHook('preHandler', async (req) => {
    if (req.body && typeof req.body === 'object') req.body = relativise(req.body, absolute);
  });
});

function relativise(value: unknown, absolute: string): unknown {
  if (typeof value === 'string')
    return value.startsWith(absolute) ? `${UPLOADS}${value.slice(absolute.length)}` : value;
  if (Array.isArray(value)) return value.map((v) => relativise(v, absolute));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relativise(v, absolute)]));
  return value;
}
