import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentInitiation } from '@shop/shared';
import type { Database, Db } from '../../src/db/client.ts';
import { cartItems } from '../../src/modules/cart/cart.table.ts';
import { hmacHex, testProviderSecrets } from '../../src/modules/payments/providers.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../commerce.ts';
import { checkInvariants, rows, stockByProduct } from './invariants.ts';
import { call, twoHostsOnPostgres, type Reply, type ServerProcess, type TwoHosts } from './servers.ts';

const ROUNDS = 10;
/** Initiates per round, over this many lanes at once, spread over both processes. */
const INITIATES = 10;
const LANES = 3;

/** What the settlement invariants miss: a payment kept, or left open, on an order already cancelled. */
async function paymentViolations(db: Db): Promise<string[]> {
  const found = await rows<{ problem: string }>(
    db,
    sql`select 'payment ' || p.id || ' is ' || p.status || ' on cancelled order ' || o.id as problem
          from payments p join orders o on o.id = p.order_id
          where o.status = 'cancelled' and p.status in ('paid', 'awaiting')
        union all
        select 'order ' || o.id || ' is paid and cancelled' from orders o where o.status = 'cancelled' and o.payment_status = 'paid'
        union all
        select 'order ' || p.order_id || ' has ' || count(*) || ' paid payments' from payments p where p.status = 'paid'
          group by p.order_id having count(*) > 1`,
  );
  return found.map((r) => r.problem);
}

// vitest.config.ts runs this file on the PostgreSQL pass only.
describe('one shopper racing card checkouts over two server processes on one PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let database: Database;
  let hosts: TwoHosts | undefined;

  beforeAll(async () => {
    hosts = await twoHostsOnPostgres('payment-race');
    ({ servers, database } = hosts);
  }, 120_000);

  afterAll(() => hosts?.close());

  it(`never pays a cancelled order and pays each order at most once, over ${ROUNDS} rounds of ${INITIATES} initiates in ${LANES} parallel lanes, each paid as the next lands`, async () => {
    const db = database.db;
    // One unit per round: a payment kept on a replaced order would need the unit the newer hold took.
    const productIds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) productIds.push((await insertProduct(db, { title: `Race Saree ${r}`, stock: 1 })).id);
    const me = await shopper(db);
    const initial = await stockByProduct(db);
    const { webhookSecret } = await testProviderSecrets(db);

    let pick = 0;
    const outcomes = new Map<string, number>();
    const unexpected: string[] = [];
    const send = async (label: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
      const res = await call(servers[pick++ % servers.length]!.url, 'POST', path, { cookie: me.cookie, body, headers });
      const key = `${label} ${res.status} ${(res.body as { message?: string }).message ?? ''}`.trim();
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      return res;
    };
    const webhook = (init: PaymentInitiation, eventId: string) => {
      const raw = JSON.stringify({ id: eventId, event: 'order.paid', payload: { order: { entity: { id: init.paymentId, amount_paid: init.amount, currency: init.currency } } } });
      return send('webhook', '/api/payment/webhook', JSON.parse(raw), { 'x-razorpay-signature': hmacHex(webhookSecret, raw) });
    };
    /** Signs and pays a payment the moment it is handed out, by verify and webhook at once. */
    const payAtOnce = async (init: PaymentInitiation, eventId: string) => {
      const signed = await send('test-sign', '/api/payment/test-sign', { order_id: init.paymentId });
      if (signed.status !== 200) {
        unexpected.push(`test-sign ${signed.status}: ${signed.text}`);
        return;
      }
      for (const res of await Promise.all([send('verify', '/api/payment/verify', signed.body), webhook(init, eventId)]))
        if (res.status !== 200 && res.status !== 409) unexpected.push(`pay ${res.status}: ${res.text}`);
    };

    for (let round = 0; round < ROUNDS; round++) {
      await db.delete(cartItems).where(eq(cartItems.userId, me.user.id));
      await insertCartLine(db, me.user.id, productIds[round]!, 1);
      let sent = 0;
      // Each lane's next initiate lands while the payment it just got is being signed and settled.
      const lane = async (): Promise<void> => {
        const n = sent++;
        if (n >= INITIATES) return;
        const init = await send('initiate', '/api/payment/initiate', orderPayload('card'));
        if (init.status >= 500) unexpected.push(`initiate ${init.status}: ${init.text}`);
        // An empty cart: the round's unit is sold.
        if (init.status === 400) return;
        await Promise.all([init.status === 201 && payAtOnce(init.body as PaymentInitiation, `evt_${round}_${n}`), lane()]);
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      const report = await checkInvariants(db, initial);
      expect([...report.violations, ...(await paymentViolations(db))], `round ${round}`).toEqual([]);
    }

    const [tally] = await rows<{ paid: number; replaced: number; refunds: number }>(
      db,
      sql`select (select count(*) from orders where payment_status = 'paid')::int as paid,
            (select count(*) from orders where status = 'cancelled')::int as replaced,
            (select count(*) from payments where status = 'refund_due')::int as refunds`,
    );
    console.log(`payment race: ${JSON.stringify(tally)}; ${[...outcomes.entries()].sort().map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    expect(unexpected, servers.map((s) => s.output()).join('\n')).toEqual([]);
    // The rounds did race: checkouts replaced one another, and every round sold its one unit once.
    expect(tally!.replaced).toBeGreaterThan(0);
    expect(tally!.paid).toBe(ROUNDS);
  }, 180_000);
});
