import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { migrate, openDatabase, type Database, type Db } from '../../src/db/client.ts';
import { testDatabaseUrl } from '../database-url.ts';
import { createPostgresDatabase, testDbKind } from '../app.ts';
import { insertProduct, orderPayload, shopper } from '../commerce.ts';
import { checkInvariants, stockByProduct } from './invariants.ts';
import { call, startServer, type ServerProcess } from './servers.ts';

const SHOPPERS = 12;
const PRODUCTS = 4;
const CRASHES = 3;
/** Orders that must have been answered 201 in a round before the kill comes, mid-stream. */
const ORDERS_BEFORE_KILL = 12;

interface Fixture {
  shoppers: { id: number; cookie: string }[];
  admin: string;
  productIds: number[];
  initialStock: Map<number, number>;
}

async function seed(db: Db): Promise<Fixture> {
  const productIds: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) productIds.push((await insertProduct(db, { title: `Crash Saree ${i}`, stock: 400, sizes: [42] })).id);
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const s = await shopper(db);
    shoppers.push({ id: s.user.id, cookie: s.cookie });
  }
  return { shoppers, admin: (await shopper(db, 'admin')).cookie, productIds, initialStock: await stockByProduct(db) };
}

interface Attempt {
  shopper: number;
  key: string;
  status: number | 'lost';
  order?: Order;
}

/**
 * Every shopper loops: put a line in the cart, place a cash order with an Idempotency-Key. Once
 * ORDERS_BEFORE_KILL orders have been answered 201, the server is killed with SIGKILL while the
 * other shoppers' requests are in flight. Returns every attempt with its outcome.
 */
async function streamUntilKilled(server: ServerProcess, f: Fixture, round: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let placed = 0;
  let killed = false;
  let killing: Promise<void> | undefined;
  await Promise.all(
    f.shoppers.map(async (s, i) => {
      for (let n = 0; !killed && n < 50; n++) {
        const product = f.productIds[(i + n) % f.productIds.length]!;
        const key = `crash-${round}-${i}-${n}`;
        const attempt: Attempt = { shopper: i, key, status: 'lost' };
        attempts.push(attempt);
        try {
          const line = await call(server.url, 'POST', '/api/cart', { cookie: s.cookie, body: { product, quantity: 1 + (n % 2), color: '#aa2233', size: 42 } });
          if (line.status !== 201 && line.status !== 409) throw new Error(`cart: ${line.status} ${line.text}`);
          const res = await call(server.url, 'POST', '/api/orders', { cookie: s.cookie, body: orderPayload('cash'), headers: { 'idempotency-key': key } });
          attempt.status = res.status;
          if (res.status === 201) attempt.order = res.body as Order;
          if (res.status === 201 && ++placed >= ORDERS_BEFORE_KILL && !killing) {
            killed = true;
            killing = server.kill9();
          }
        } catch (err) {
          // A refused or reset connection: the server is gone; the outcome of this order is unknown.
          if (!killed) throw err;
        }
      }
    }),
  );
  await killing;
  return attempts;
}

/** After the restart: every 201 is there as it was answered, and a retried key never doubles an order. */
async function checkAfterRestart(server: ServerProcess, f: Fixture, attempts: Attempt[]) {
  const answered = attempts.filter((a) => a.status === 201);
  for (const a of answered) {
    const res = await call(server.url, 'GET', `/api/orders/${a.order!.id}`, { cookie: f.admin });
    expect(res.status, `order ${a.order!.id} answered 201 before the crash`).toBe(200);
    const order = res.body as Order;
    expect({ total: order.totalAmount, items: order.totalItems, lines: order.items.length }).toEqual({
      total: a.order!.totalAmount,
      items: a.order!.totalItems,
      lines: a.order!.items.length,
    });
  }
  // The shopper whose reply was lost retries with the same key, as the web app does.
  const lost = attempts.filter((a) => a.status === 'lost');
  const retried = await Promise.all(
    lost.map((a) => call(server.url, 'POST', '/api/orders', { cookie: f.shoppers[a.shopper]!.cookie, body: orderPayload('cash'), headers: { 'idempotency-key': a.key } })),
  );
  // 201 (the first order, or this one) or 400 when the lost request died before its cart line was added.
  for (const r of retried) expect([201, 400]).toContain(r.status);
  return { answered: answered.length, lost: lost.length, retried: retried.filter((r) => r.status === 201).length };
}

function lockHolder(dataDir: string): number | undefined {
  const path = join(dataDir, 'shop.lock');
  if (!existsSync(path)) return undefined;
  return (JSON.parse(readFileSync(path, 'utf8')) as { pid: number }).pid;
}

if (testDbKind === 'pglite') describe('kill -9 in the middle of a stream of orders, on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-pglite-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every answered order through ${CRASHES} crashes, takes over the dead process's lock and recovers the embedded database`, async () => {
    let database: Database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    await migrate(database);
    const f = await seed(database.db);
    await database.close();

    const totals = { answered: 0, lost: 0, retried: 0, invariantChecks: 0 };
    server = await startServer({ dataDir });
    for (let round = 0; round < CRASHES; round++) {
      const killedPid = server.child.pid;
      const attempts = await streamUntilKilled(server, f, round);
      // The killed process could not remove its lock: the next start must take it over.
      expect(lockHolder(dataDir)).toBe(killedPid);
      server = await startServer({ dataDir });
      expect(server.output()).not.toMatch(/error|in use by another process/i);
      expect(lockHolder(dataDir)).toBe(server.child.pid);
      const r = await checkAfterRestart(server, f, attempts);
      totals.answered += r.answered;
      totals.lost += r.lost;
      totals.retried += r.retried;
    }
    // The invariants are read from the database itself, once the last server has stopped cleanly.
    await server.stop();
    expect(lockHolder(dataDir)).toBeUndefined();
    database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    const report = await checkInvariants(database.db, f.initialStock);
    await database.close();
    totals.invariantChecks = report.checks;
    console.log(`crash on PGlite: ${CRASHES} kill -9 survived, ${totals.answered} orders answered 201 and all found, ${totals.lost} in flight, ${totals.retried} retried with their key, ${report.checks} invariant checks`);
    expect(report.violations).toEqual([]);
  }, 240_000);
});

if (testDbKind === 'postgres') describe('kill -9 in the middle of a stream of orders, on PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-pg-'));
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every answered order through ${CRASHES} crashes and holds the stock invariants after each`, async () => {
    const pgDb = await createPostgresDatabase(testDatabaseUrl()!);
    drop = pgDb.drop;
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
    await migrate(database);
    const f = await seed(database.db);

    const totals = { answered: 0, lost: 0, retried: 0, checks: 0 };
    server = await startServer({ dataDir, databaseUrl: pgDb.url });
    for (let round = 0; round < CRASHES; round++) {
      const attempts = await streamUntilKilled(server, f, round);
      // Straight after the kill, before any restart: what was committed is consistent.
      const mid = await checkInvariants(database.db, f.initialStock);
      expect(mid.violations).toEqual([]);
      server = await startServer({ dataDir, databaseUrl: pgDb.url });
      expect(server.output()).not.toMatch(/error/i);
      const r = await checkAfterRestart(server, f, attempts);
      const after = await checkInvariants(database.db, f.initialStock);
      expect(after.violations).toEqual([]);
      totals.answered += r.answered;
      totals.lost += r.lost;
      totals.retried += r.retried;
      totals.checks += mid.checks + after.checks;
    }
    console.log(`crash on PostgreSQL: ${CRASHES} kill -9 survived, ${totals.answered} orders answered 201 and all found, ${totals.lost} in flight, ${totals.retried} retried with their key, ${totals.checks} invariant checks`);
  }, 240_000);
});
