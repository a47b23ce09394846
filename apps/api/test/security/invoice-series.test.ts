import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, type Order } from '@shop/shared';
import type { Database } from '../../src/db/client.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../commerce.ts';
import { rows } from './invariants.ts';
import { call, twoHostsOnPostgres, type ServerProcess, type TwoHosts } from './servers.ts';

const CHECKOUTS = 40;
const CANCELS = 12;

// vitest.config.ts runs this file on the PostgreSQL pass only: PGlite serves one process.
describe('invoice numbers under concurrent checkouts on two server processes (PostgreSQL)', () => {
  let servers: ServerProcess[] = [];
  let database: Database;
  let hosts: TwoHosts | undefined;

  beforeAll(async () => {
    hosts = await twoHostsOnPostgres('series');
    ({ servers, database } = hosts);
  }, 120_000);

  afterAll(() => hosts?.close());

  it(`numbers ${CHECKOUTS} cash orders placed at once 1…${CHECKOUTS}, and ${CANCELS} cancellations at once CN 1…${CANCELS}, without gap or duplicate`, async () => {
    const db = database.db;
    const products = await Promise.all([0, 1, 2].map((i) => insertProduct(db, { title: `Series Saree ${i}`, stock: 1000 })));
    const shoppers = [];
    for (let i = 0; i < CHECKOUTS; i++) {
      const s = await shopper(db);
      await insertCartLine(db, s.user.id, products[i % 3]!.id, 1 + (i % 2));
      shoppers.push(s);
    }
    const admin = await shopper(db, 'admin');
    const server = (i: number) => servers[i % 2]!.url;

    const placed = await Promise.all(shoppers.map((s, i) => call(server(i), 'POST', '/api/orders', { cookie: s.cookie, body: orderPayload('cash') })));
    expect(placed.map((r) => r.status)).toEqual(Array(CHECKOUTS).fill(201));
    const orders = placed.map((r) => r.body as Order);
    const fy = financialYear(new Date()).slice(2);
    const serials = orders.map((o) => Number(o.invoiceNumber!.split('/')[2])).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: CHECKOUTS }, (_, i) => i + 1));
    for (const o of orders) expect(o.invoiceNumber).toMatch(new RegExp(`^INV/${fy}/\\d{6}$`));

    const cancels = await Promise.all(
      orders.slice(0, CANCELS).map((o, i) => call(server(i + 1), 'PATCH', `/api/orders/${o.id}`, { cookie: admin.cookie, body: { status: 'cancelled' } })),
    );
    expect(cancels.map((r) => r.status)).toEqual(Array(CANCELS).fill(200));
    const notes = cancels.map((r) => Number((r.body as Order).creditNoteNumber!.split('/')[2])).sort((a, b) => a - b);
    expect(notes).toEqual(Array.from({ length: CANCELS }, (_, i) => i + 1));

    // What the database holds agrees: one invoice per order, unique numbers, counters at the last number.
    const [stored] = await rows<{ invoices: number; orders: number; numbers: number; credit: number }>(
      db,
      sql`select count(*) filter (where kind = 'invoice')::int as invoices, count(distinct order_id)::int as orders,
            count(distinct number)::int as numbers, count(*) filter (where kind = 'credit_note')::int as credit from tax_documents`,
    );
    expect(stored).toEqual({ invoices: CHECKOUTS, orders: CHECKOUTS, numbers: CHECKOUTS + CANCELS, credit: CANCELS });
    const counters = await rows<{ series: string; last_number: number }>(db, sql`select series, last_number from document_counters order by series`);
    expect(counters).toEqual([
      { series: 'CN', last_number: CANCELS },
      { series: 'INV', last_number: CHECKOUTS },
    ]);
  }, 120_000);
});
