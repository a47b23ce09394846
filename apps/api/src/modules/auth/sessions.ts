import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DEMO_EMAILS } from '../../db/seed/demo-accounts.ts';
import { sessions } from './auth.table.ts';
import { users } from '../users/users.table.ts';

export const SESSION_COOKIE = 'sid';
/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const TOUCH_INTERVAL_MS = 15 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieOptions(app: FastifyInstance) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https://'),
  };
}

/** The request's old session goes: a planted id never gets signed in. */
export async function startSession(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const previous = req.cookies[SESSION_COOKIE];
  if (previous) await app.db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + app.config.sessionTtlMs);
  await app.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(app), expires: expiresAt });
}

export async function endSession(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await app.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
}

export async function endUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every session of the account but the one this cookie token holds. */
export async function endOtherSessions(db: DbOrTx, userId: number, keepToken: string | undefined): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepToken ? ne(sessions.id, hashToken(keepToken)) : undefined));
}

/** Prepared once per database: it runs on every signed-in request. */
export const prepareSessionUser = (db: Db) =>
  db
    .select({ userId: users.id, email: users.email, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.lastSeenAt, sql.placeholder('idleSince'))))
    .limit(1)
    .prepare('session_user');

export const isDemoEmail = (email: string) => DEMO_EMAILS.includes(email.toLowerCase());

/** Production start: sessions of demo accounts left from development end (docs/security.md, Production safety). */
export async function endDemoSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(inArray(sessions.userId, db.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.email})`, [...DEMO_EMAILS]))));
}

export async function pruneSessions(db: DbOrTx, idleMs: number): Promise<void> {
  const now = new Date();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, sql`${new Date(now.getTime() - idleMs)}`)));
}
