import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sum } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { testDatabaseUrl } from '../../../test/database-url.ts';
import { startServer, type ServerProcess } from '../../../test/security/servers.ts';
import { createPostgresDatabase, createTestApp, testDbKind, type TestApp } from '../../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  productStock,
  shopper,
} from '../../../test/commerce.ts';
import { orderItems, orders } from './orders.table.ts';

const SHOPPERS = 50;
const LAST_UNITS = 5;

/** A product with the last few units, and SHOPPERS signed-in users who each have one in their cart. */
async function lastUnitsRace(db: Db) {
  const product = await insertProduct(db, { title: 'Last Kanjivaram', stock: LAST_UNITS });
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const s = await shopper(db);
    await insertCartLine(db, s.user.id, product.id, 1);
    shoppers.push(s);
  }
  return { product, shoppers };
}

async function outcome(db: Db, productId: number) {
  const [placed] = await db.select({ n: count() }).from(orders);
  const [units] = await db
    .select({ n: sum(orderItems.quantity).mapWith(Number) })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return { orders: placed!.n, unitsSold: units!.n ?? 0, stock: await productStock(db, productId) };
}

describe('racing for the last units in one server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`sells exactly ${LAST_UNITS} units to ${SHOPPERS} shoppers racing for them, and stock ends at 0`, async () => {
    const { product, shoppers } = await lastUnitsRace(t.db);
    const replies = await Promise.all(
      shoppers.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: s.cookie },
          payload: orderPayload('cash'),
        }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    const refused = replies.filter((r) => r.statusCode === 409);
    const result = await outcome(t.db, product.id);
    console.log(
      `one app on ${testDbKind}: ${SHOPPERS} attempts, ${codes.filter((c) => c === 201).length} orders, ${refused.length} refused, final stock ${result.stock}`,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(LAST_UNITS);
    expect(refused).toHaveLength(SHOPPERS - LAST_UNITS);
    for (const r of refused) expect(r.json()).toEqual({ message: 'Last Kanjivaram is out of stock' });
    expect(result).toEqual({ orders: LAST_UNITS, unitsSold: LAST_UNITS, stock: 0 });
  });
});

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('racing for the last units across two server processes on one PostgreSQL', () => {
    let servers: ServerProcess[] = [];
    let database: Database;
    let drop: () => Promise<void>;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'shop-race-'));
      const pgDb = await createPostgresDatabase(testDatabaseUrl()!);
      drop = pgDb.drop;
      servers = await Promise.all(
        ['a', 'b'].map((name) => startServer({ databaseUrl: pgDb.url, dataDir: join(dataDir, name) })),
      );
      database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`sells exactly ${LAST_UNITS} units to ${SHOPPERS} shoppers over real HTTP split across both processes`, async () => {
      const { product, shoppers } = await lastUnitsRace(database.db);
      const started = Date.now();
      const replies = await Promise.all(
        shoppers.map(async (s, i) => {
          const res = await fetch(`${servers[i % 2]!.url}/api/orders`, {
            method: 'POST',
            headers: { cookie: s.cookie, 'content-type': 'application/json' },
            body: JSON.stringify(orderPayload('cash')),
          });
          return { status: res.status, body: (await res.json()) as { message?: string }, server: i % 2 };
        }),
      );
      const ms = Date.now() - started;
      const result = await outcome(database.db, product.id);
      const won = replies.filter((r) => r.status === 201);
      console.log(
        `two processes on PostgreSQL: ${SHOPPERS} attempts in ${ms} ms, ${won.length} orders (server A ${won.filter((r) => r.server === 0).length}, server B ${won.filter((r) => r.server === 1).length}), ` +
          `${replies.filter((r) => r.status === 409).length} refused, final stock ${result.stock}`,
      );
      expect(won).toHaveLength(LAST_UNITS);
      expect(replies.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
        Array(SHOPPERS - LAST_UNITS).fill({ message: 'Last Kanjivaram is out of stock' }),
      );
      expect(result).toEqual({ orders: LAST_UNITS, unitsSold: LAST_UNITS, stock: 0 });
    });
  });
