import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { rows } from '../../test/security/invariants.ts';
import { createTestApp, insertUser, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { databaseStore } from './rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/**
 * Another server on this file's database, as a second process would be: on PostgreSQL with a
 * connection pool of its own, on PGlite (one process only) on the same handle.
 */
async function anotherServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 4 }) : t.database;
  const app = await buildApp({ database, config: t.config, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

const login = (app: FastifyInstance, password: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'asha@example.com', password }, remoteAddress });

const LOGIN_MAX = 10;

describe('rate limits counted in the database', () => {
  it('holds two servers on one database to one login limit between them', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const other = await anotherServer();
    try {
      for (let i = 0; i < LOGIN_MAX; i++) {
        expect((await login(i % 2 ? other.app : t.app, `Wrong${i}xyZ`)).statusCode).toBe(401);
      }
      expect((await login(t.app, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(other.app, TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('lets exactly the limit through when a flood hits both servers at once', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const other = await anotherServer();
    try {
      const replies = await Promise.all(Array.from({ length: 2 * LOGIN_MAX }, (_, i) => login(i % 2 ? other.app : t.app, `Wrong${i}xyZ`)));
      const codes = replies.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_MAX);
      expect(codes.filter((c) => c === 429)).toHaveLength(LOGIN_MAX);
    } finally {
      await other.close();
    }
  });

  it('keeps the counters when the server restarts', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const before = await anotherServer();
    for (let i = 0; i < LOGIN_MAX; i++) expect((await login(before.app, `Wrong${i}xyZ`)).statusCode).toBe(401);
    await before.close();
    const after = await anotherServer();
    try {
      expect((await login(after.app, TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await after.close();
    }
  });

  it('starts counting again once the window has ended', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    for (let i = 0; i < LOGIN_MAX; i++) expect((await login(t.app, `Wrong${i}xyZ`)).statusCode).toBe(401);
    expect((await login(t.app, TEST_PASSWORD)).statusCode).toBe(429);
    // The minute passes without waiting for it.
    await t.db.execute(sql`update rate_limits set window_ends_at = now() - interval '1 millisecond'`);
    const res = await login(t.app, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const counts = await rows<{ hits: number; ends_in_ms: number }>(
      t.db,
      sql`select hits, extract(epoch from window_ends_at - now()) * 1000 as ends_in_ms from rate_limits`,
    );
    // One counter per login limit (address + email, address), each a fresh window of one hit.
    expect(counts).toHaveLength(2);
    for (const c of counts) {
      expect(c.hits).toBe(1);
      expect(Number(c.ends_in_ms)).toBeGreaterThan(50_000);
    }
  });

  it('keeps a separate counter for each route, even where the limits are the same', async () => {
    // Signup and the reset mail both allow 5 per email in 15 minutes.
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/mail/reset-password-request', payload: { email: 'new@example.com' }, remoteAddress: `198.51.100.${i}` });
      expect(res.statusCode).toBe(200);
    }
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Asha Rao', phoneNumber: '+919820012345', email: 'new@example.com', password: 'Silk2024x' },
      remoteAddress: '198.51.100.9',
    });
    expect(signup.statusCode).toBe(201);
  });

  it('stores neither emails nor addresses, only fixed-size hashes', async () => {
    await login(t.app, 'Wrong1xyZ');
    const keys = await rows<{ key: string }>(t.db, sql`select key from rate_limits`);
    expect(keys).toHaveLength(2);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses with 503, not a pass and not a 500, while the counter cannot be read', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    await t.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const res = await login(t.app, TEST_PASSWORD);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The service is busy. Please try again in a moment.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    } finally {
      await t.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect((await login(t.app, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the database store', () => {
  const hitter = (sweepEvery: number) => {
    const Store = databaseStore(t.db, t.app.log, { sweepEvery });
    const store = new Store({}).child({ routeInfo: {} } as never);
    return promisify((key: string, timeWindow: number, cb: (err: Error | null, res?: { current: number; ttl: number }) => void) =>
      store.incr(key, cb, timeWindow, 5),
    );
  };

  it('answers the count and the time left in the window', async () => {
    const hit = hitter(1000);
    expect(await hit('a', 60_000)).toEqual({ current: 1, ttl: expect.any(Number) });
    const second = await hit('a', 60_000);
    expect(second?.current).toBe(2);
    expect(second?.ttl).toBeGreaterThan(50_000);
    expect(second?.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit('b', 60_000))?.current).toBe(1);
  });

  it('deletes ended windows every so many hits, and only those', async () => {
    await t.db.execute(sql`insert into rate_limits (key, window_ends_at, hits) values ('ended', now() - interval '1 second', 3)`);
    const hit = hitter(3);
    await hit('a', 60_000);
    await hit('b', 60_000);
    expect(await rows(t.db, sql`select key from rate_limits where key = 'ended'`)).toHaveLength(1);
    await hit('c', 60_000);
    expect(await rows(t.db, sql`select key from rate_limits where key = 'ended'`)).toHaveLength(0);
    expect(await rows(t.db, sql`select key from rate_limits`)).toHaveLength(3);
  });
});
