import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../lib/errors.ts';
import { databaseStore } from './rate-limit-store.ts';

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.rateLimits) return;
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, app.log) });
});

export type LimitKey = 'ip' | 'email' | 'ip+email' | 'user';

export interface Limit {
  by: LimitKey;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const AUTH_LIMITS = {
  login: [
    { by: 'ip+email', max: 10, windowMs: MINUTE },
    { by: 'ip', max: 30, windowMs: MINUTE },
  ],
  signup: [
    { by: 'email', max: 5, windowMs: 15 * MINUTE },
    { by: 'ip', max: 10, windowMs: 60 * MINUTE },
  ],
  resetRequest: [
    { by: 'email', max: 5, windowMs: 15 * MINUTE },
    { by: 'ip', max: 20, windowMs: 15 * MINUTE },
  ],
  reset: [
    { by: 'email', max: 10, windowMs: 15 * MINUTE },
    { by: 'ip', max: 20, windowMs: 15 * MINUTE },
  ],
  // The reset's address limit; the body names no email, the token is the secret.
  staffAccept: [{ by: 'ip', max: 20, windowMs: 15 * MINUTE }],
  // A signed-in account confirming its password (change it, delete the account): a stolen session must not guess it.
  ownPassword: [
    { by: 'user', max: 10, windowMs: 15 * MINUTE },
    { by: 'ip', max: 30, windowMs: 15 * MINUTE },
  ],
} satisfies Record<string, Limit[]>;

export function bodyEmail(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

function valueOf(by: LimitKey, req: FastifyRequest): string {
  if (by === 'ip') return req.ip;
  if (by === 'email') return bodyEmail(req);
  if (by === 'user') return String(req.user?.id ?? '');
  return `${req.ip}|${bodyEmail(req)}`;
}

// Two routes with the same limit (signup and reset request) must not share a counter.
function keyOf(limit: Limit, index: number, req: FastifyRequest): string {
  return `${String(req.routeOptions.method)} ${req.routeOptions.url ?? ''} #${index} ${limit.by}|${valueOf(limit.by, req)}`;
}

const UNAVAILABLE_RETRY_SECONDS = 5;

function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

// As preValidation it counts malformed floods too (guessing routes); as preHandler only valid requests (signup).
export function limited(app: FastifyInstance, limits: Limit[]): preValidationAsyncHookHandler[] {
  if (!app.config.rateLimits) return [];
  return limits.map((limit, index) => {
    const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (req) => keyOf(limit, index, req) });
    return async (req, reply) => {
      let result;
      try {
        result = await check(req);
      } catch (err) {
        // Fail closed: failing open would let a guessing flood through exactly when it strains the database.
        req.log.error({ err }, 'rate limit counter unavailable');
        reply.header('retry-after', UNAVAILABLE_RETRY_SECONDS);
        throw new HttpError(503, 'The service is busy. Please try again in a moment.');
      }
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, `Too many attempts. Please try again in ${waitText(result.ttl)}.`);
    };
  });
}
