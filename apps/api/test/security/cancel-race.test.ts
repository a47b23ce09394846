import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import type { Database } from '../../src/db/client.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../commerce.ts';
import { checkInvariants, rows, stockByProduct } from './invariants.ts';
import { call, twoHostsOnPostgres, type ServerProcess, type TwoHosts } from './servers.ts';

const ROUNDS = 12;

// vitest.config.ts runs this file on the PostgreSQL pass only.
describe("a shopper's cancel racing itself and the admin's dispatch over two server processes on one PostgreSQL", () => {
  let servers: ServerProcess[] = [];
  let database: Database;
  let hosts: TwoHosts | undefined;

  beforeAll(async () => {
    hosts = await twoHostsOnPostgres('cancel-race');
    ({ servers, database } = hosts);
  }, 120_000);

  afterAll(() => hosts?.close());

  it(`returns the stock at most once per order over ${ROUNDS} rounds of two cancels and a dispatch at once`, async () => {
    const db = database.db;
    const p = await insertProduct(db, { title: 'Race Paithani', stock: 100 });
    const me = await shopper(db);
    const admin = await shopper(db, 'admin');
    const initial = await stockByProduct(db);
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const outcomes: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      await insertCartLine(db, me.user.id, p.id, 2);
      const placed = await call(a, 'POST', '/api/orders', { cookie: me.cookie, body: orderPayload('cash') });
      expect(placed.status, placed.text).toBe(201);
      const id = (placed.body as Order).id;
      // Even rounds: two cancels only; odd rounds: the admin dispatches at the same moment.
      const replies = await Promise.all([
        call(a, 'POST', `/api/orders/${id}/cancel`, { cookie: me.cookie, body: { reason: 'mistake' } }),
        call(b, 'POST', `/api/orders/${id}/cancel`, { cookie: me.cookie, body: { reason: 'other' } }),
        ...(round % 2 ? [call(round % 4 === 1 ? a : b, 'PATCH', `/api/orders/${id}`, { cookie: admin.cookie, body: { status: 'dispatched' } })] : []),
      ]);
      const [first, second, dispatch] = replies;
      const cancels = [first!, second!].map((r) => r.status).sort();
      outcomes.push(`${cancels.join('/')}${dispatch ? ` dispatch ${dispatch.status}` : ''}`);
      expect(cancels.every((s) => s === 200 || s === 409), replies.map((r) => r.text).join('\n')).toBe(true);
      const [steps] = await rows<{ cancels: number; status: string }>(
        db,
        sql`select (select count(*) from order_status_history where order_id = ${id} and to_status = 'cancelled')::int as cancels,
              (select status from orders where id = ${id}) as status`,
      );
      // At most one cancel wins; an admin's dispatch after it may only move it on again (it takes the stock back).
      expect(cancels.filter((s) => s === 200).length).toBe(steps!.cancels);
      expect(steps!.cancels).toBeLessThanOrEqual(1);
      if (!dispatch) expect(steps).toEqual({ cancels: 1, status: 'cancelled' });
      const report = await checkInvariants(db, initial);
      expect(report.violations, `round ${round}: ${outcomes.at(-1)}`).toEqual([]);
    }
    console.log(`cancel race: ${outcomes.join(', ')}`);
  }, 180_000);
});
