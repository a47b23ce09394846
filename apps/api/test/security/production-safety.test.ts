import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_EMAILS } from '../../src/db/seed/index.ts';
import { createTestApp, insertUser, loginCookie, testDbKind, TEST_PASSWORD, type TestApp } from '../app.ts';
import { insertCartLine, placeCashOrder, insertProduct, shopper } from '../commerce.ts';
import { call, startServer } from './servers.ts';

// Issue 12, reproduced against a fresh `npm start`: each of these held before the fix.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts in production', () => {
  it('seeds the catalogue but no account with SEED_DEMO=1, and prints no password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-prod-seed-'));
    // PostgreSQL runs get their own database through the test app; this start needs only its folder.
    const server = await startServer({ dataDir, env: { NODE_ENV: 'production', SEED_DEMO: '1' } });
    try {
      expect(server.output()).toMatch(/demo catalogue seeded/);
      expect(server.output()).not.toMatch(/Admin@1234|Shopper@1234|Demo accounts/);
      const products = await call(server.url, 'GET', '/api/products');
      expect((products.body as { totalProducts: number }).totalProducts).toBeGreaterThan(0);
      for (const [email, password] of [
        ['admin@sareepari.local', 'Admin@1234'],
        ['asha@sareepari.local', 'Shopper@1234'],
      ] as const) {
        const login = await call(server.url, 'POST', '/api/auth/login', { body: { email, password } });
        expect(login.status, email).toBe(401);
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses sign-in to a demo admin left in an old development database, and ends its sessions at start', async () => {
    const admin = await insertUser(t.db, { email: DEMO_EMAILS[0]!, role: 'admin' });
    const devCookie = await loginCookie(t.app, admin.email);
    const production = await buildApp({
      database: t.database,
      config: { ...t.config, production: true, nodeEnv: 'production' },
      logger: false,
    });
    try {
      await production.ready();
      const login = await production.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email.toUpperCase(), password: TEST_PASSWORD },
      });
      expect([login.statusCode, login.body]).toEqual([401, 'Invalid email or password']);
      expect(login.cookies).toEqual([]);
      expect(
        (await production.inject({ url: '/api/auth/check', headers: { cookie: devCookie } })).statusCode,
      ).toBe(401);
      // Any other admin signs in as before.
      const owner = await insertUser(t.db, { email: 'owner@shop.example.in', role: 'admin' });
      expect(
        (
          await production.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: owner.email, password: TEST_PASSWORD },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('ids and page numbers', () => {
  const loose = (n: number) => [`0x${n}`, `${n}e0`, `%20${n}`, `+${n}`, `${n}.0`, `0${n}`];

  it('accepts only canonical positive integers as path ids on every route, with a 400', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 10 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db)).id }]);
    const line = await insertCartLine(t.db, me.user.id, p.id);
    const cases = [
      ...loose(line.id).map((id) => ({
        method: 'PATCH' as const,
        url: `/api/cart/${id}`,
        payload: { quantity: 2 },
        cookie: me.cookie,
      })),
      ...loose(line.id).map((id) => ({
        method: 'DELETE' as const,
        url: `/api/cart/${id}`,
        cookie: me.cookie,
      })),
      ...loose(order.id).map((id) => ({
        method: 'GET' as const,
        url: `/api/orders/${id}`,
        cookie: me.cookie,
      })),
      ...loose(order.id).map((id) => ({
        method: 'PATCH' as const,
        url: `/api/orders/${id}`,
        payload: { status: 'dispatched' },
        cookie: admin.cookie,
      })),
      ...loose(me.user.id).map((id) => ({
        method: 'PATCH' as const,
        url: `/api/users/${id}`,
        payload: { name: 'Changed' },
        cookie: me.cookie,
      })),
      ...loose(p.id).map((id) => ({
        method: 'PATCH' as const,
        url: `/api/products/${id}`,
        payload: { title: 'Changed' },
        cookie: admin.cookie,
      })),
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        payload: 'payload' in c ? c.payload : undefined,
        headers: { cookie: c.cookie },
      });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
    }
    // Nothing changed, and the canonical form still works.
    expect(
      (await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: me.cookie } })).json(),
    ).toMatchObject({ status: 'pending' });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/cart/${line.id}`,
          payload: { quantity: 2 },
          headers: { cookie: me.cookie },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('accepts only canonical positive integers as page numbers and sizes', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    for (const v of ['0x3', '1e3', '%203', '%2B3', '3.0', '03', '0', '-1']) {
      for (const [url, cookie] of [
        [`/api/products?_page=${v}`, undefined],
        [`/api/products?_per_page=${v}`, undefined],
        [`/api/products/suggest?q=silk&limit=${v}`, undefined],
        [`/api/orders/owner?_page=${v}`, me.cookie],
        [`/api/orders/admin?_per_page=${v}`, admin.cookie],
        [`/api/orders/admin/_page=${v}&`, admin.cookie],
      ] as const) {
        const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBe(400);
      }
    }
    expect((await t.app.inject('/api/products?_page=3&_per_page=12')).statusCode).toBe(200);
    expect((await t.app.inject('/api/products?_page=&_per_page=')).statusCode).toBe(200);
  });
});

describe('password reset request timing', () => {
  it('takes as long for a known email as for an unknown one, within noise, both ways', async () => {
    await insertUser(t.db, { email: 'reset-timing@example.com' });
    const outbox = join(t.dataDir, 'outbox');
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const openMailJobs = async () =>
      Number(
        (
          (await t.db.execute(
            sql`select count(*) as n from pgboss.job where name = 'mail' and state <> 'completed'`,
          )) as unknown as { rows: { n: unknown }[] }
        ).rows[0]!.n,
      );
    // The earlier tests' mails (an order's confirmation with its invoice, a low-stock alert) go first.
    await vi.waitFor(async () => expect(await openMailJobs()).toBe(0), { timeout: 30_000 });
    let sent = mails();
    const timeOf = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mail/reset-password-request',
        payload: { email },
      });
      const ms = performance.now() - started;
      expect(res.json()).toEqual({ message: 'Email sent successfully' });
      // The token and the mail are made after the reply: let them finish (the mail is in the outbox)
      // so they do not slow the next measurement.
      await t.app.background.drain();
      if (email.startsWith('reset-timing')) {
        await vi.waitFor(() => expect(mails()).toBe(sent + 1), { timeout: 20_000 });
        await vi.waitFor(async () => expect(await openMailJobs()).toBe(0), { timeout: 20_000 });
      }
      sent = mails();
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, the order alternating: the mail worker's next poll after a sent mail then slows a
    // known and an unknown request alike.
    for (let i = 0; i < 40; i++) {
      if (i % 2) unknown.push(await timeOf(`nobody${i}@example.com`));
      known.push(await timeOf('reset-timing@example.com'));
      if (i % 2 === 0) unknown.push(await timeOf(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    console.log(
      `reset request timing (${testDbKind}): known email ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms (ratio ${ratio.toFixed(2)})`,
    );
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
