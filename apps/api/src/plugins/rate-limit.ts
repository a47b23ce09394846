import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../lib/errors.ts';
import { databaseStore } from './rate-limit-store.ts';

/**
 * DESIGN §4: rate limits on the auth routes, on by default; RATE_LIMITS=off for load tests. The
 * counters live in the database, so N processes on one PostgreSQL enforce one limit, not N.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.rateLimits) return;
  await app.register(rateLimit, { global: false, store: databaseStore(app.db, app.log) });
});

/** What a limit counts by: the client address, the email named in the body, or the pair. */
export type LimitKey = 'ip' | 'email' | 'ip+email';

export interface Limit {
  by: LimitKey;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the routes that guess or spend: passwords, accounts, mails (DESIGN §4). */
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
} satisfies Record<string, Limit[]>;

/** The email in a not yet validated body, normalised so case and spaces make no new bucket. */
export function bodyEmail(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

function valueOf(by: LimitKey, req: FastifyRequest): string {
  if (by === 'ip') return req.ip;
  if (by === 'email') return bodyEmail(req);
  return `${req.ip}|${bodyEmail(req)}`;
}

/**
 * The counter's key: the route and the limit's place in its list, then what it counts. Limits share
 * one table, so two routes with the same limit (signup and reset request both count 5 per email)
 * must not share a counter.
 */
function keyOf(limit: Limit, index: number, req: FastifyRequest): string {
  return `${String(req.routeOptions.method)} ${req.routeOptions.url ?? ''} #${index} ${limit.by}|${valueOf(limit.by, req)}`;
}

const UNAVAILABLE_RETRY_SECONDS = 5;

function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Hooks enforcing every limit for one route, after the body is parsed (so a limit can count by the
 * email in it): as preValidation they count malformed floods too (guessing routes), as preHandler
 * only requests that passed validation (signup). With rate limits off they are no hooks at all.
 */
export function limited(app: FastifyInstance, limits: Limit[]): preValidationAsyncHookHandler[] {
  if (!app.config.rateLimits) return [];
  return limits.map((limit, index) => {
    const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (req) => keyOf(limit, index, req) });
    return async (req, reply) => {
      let result;
      try {
        result = await check(req);
      } catch (err) {
        // Fail closed: a counter that cannot be read counts as a limit reached. Failing open would
        // let a password-guessing flood through exactly when the database struggles, often because
        // of that flood; and these routes need the database anyway. 503, not 500: it is temporary.
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
