import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus, PaymentInitiation } from '@shop/shared';
import type { Database, Db } from '../../src/db/client.ts';
import { hmacHex, testProviderSecrets } from '../../src/modules/payments/providers.ts';
import { insertProduct, orderPayload, shopper } from '../commerce.ts';
import { checkInvariants, rows, stockByProduct, type InvariantReport } from './invariants.ts';
import { call, twoHostsOnPostgres, type Reply, type ServerProcess, type TwoHosts } from './servers.ts';

const PRODUCTS = 6;
const SHOPPERS = 16;
const OPERATIONS = 400;
const IN_FLIGHT = 12;
/** Card reservations lapse after 3 s here, so expiries race with payments; the sweeper runs every second. */
const EXPIRY_MINUTES = '0.05';

type Pay = 'verify' | 'verify-twice' | 'webhook' | 'verify-and-webhook' | 'abandon' | 'pay-after-expiry';
type Op =
  | { kind: 'add'; shopper: number; product: number; quantity: number; size: number }
  | { kind: 'change-quantity'; shopper: number; quantity: number }
  | { kind: 'cash'; shopper: number }
  | { kind: 'card'; shopper: number; pay: Pay }
  | { kind: 'force-expiry' }
  | { kind: 'status'; pick: number; status: OrderStatus };

const shopperIndex = fc.integer({ min: 0, max: SHOPPERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), shopper: shopperIndex, product: fc.integer({ min: 0, max: PRODUCTS - 1 }), quantity: fc.integer({ min: 1, max: 4 }), size: fc.constantFrom(42, 44) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('change-quantity' as const), shopper: shopperIndex, quantity: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cash' as const), shopper: shopperIndex }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      shopper: shopperIndex,
      pay: fc.constantFrom<Pay>('verify', 'verify-twice', 'webhook', 'verify-and-webhook', 'abandon', 'pay-after-expiry'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'force-expiry' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom<OrderStatus>('pending', 'dispatched', 'delivered', 'cancelled', 'cancelled') }) },
);

/** Polls until the check holds; a bounded wait instead of a fixed sleep. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The invariants on one consistent snapshot of the database, while everything else keeps running. */
async function consistentCheck(db: Db, initial: Map<number, number>): Promise<InvariantReport> {
  return db.transaction((tx) => checkInvariants(tx as unknown as Db, initial), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

// vitest.config.ts runs this file on the PostgreSQL pass only.
describe('money and stock under a random concurrent mix, two server processes on one PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let database: Database;
  let hosts: TwoHosts | undefined;

  beforeAll(async () => {
    hosts = await twoHostsOnPostgres('invariants', { PAYMENT_EXPIRY_MINUTES: EXPIRY_MINUTES });
    ({ servers, database } = hosts);
  }, 120_000);

  afterAll(() => hosts?.close());

  it(`keeps stock, payments and totals whole through ${OPERATIONS} random operations, ${IN_FLIGHT} at a time`, async () => {
    const db = database.db;
    const productIds: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) productIds.push((await insertProduct(db, { title: `Invariant Saree ${i}`, stock: 25, sizes: [42, 44] })).id);
    const shoppers: { cookie: string }[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await shopper(db));
    const admin = (await shopper(db, 'admin')).cookie;
    const initial = await stockByProduct(db);

    // A failed run names its seed; INVARIANTS_SEED replays that run's operations.
    const seed = Number(process.env.INVARIANTS_SEED) || Date.now() % 1_000_000;
    const ops = fc.sample(opArb, { numRuns: OPERATIONS, seed });
    const orderIds: number[] = [];
    const outcomes = new Map<string, number>();
    const fiveHundreds: string[] = [];
    let requests = 0;
    let checks = 0;
    let pick = 0;
    const server = () => servers[pick++ % servers.length]!.url;

    const send = async (label: string, method: string, path: string, opts: Parameters<typeof call>[3] = {}): Promise<Reply> => {
      const res = await call(server(), method, path, opts);
      requests++;
      const key = `${label} ${res.status}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (res.status >= 500) fiveHundreds.push(`${key}: ${res.text}`);
      return res;
    };
    // The servers drew the installation's secrets at start; the provider's side reads them from the database.
    const { webhookSecret } = await testProviderSecrets(db);
    const webhook = (init: PaymentInitiation, eventId: string) => {
      const order = { id: init.paymentId, amount_paid: init.amount, currency: init.currency };
      const raw = JSON.stringify({ id: eventId, event: 'order.paid', payload: { order: { entity: order } } });
      return send('webhook', 'POST', '/api/payment/webhook', { body: JSON.parse(raw), headers: { 'x-razorpay-signature': hmacHex(webhookSecret, raw), 'x-razorpay-event-id': eventId } });
    };

    const run = async (op: Op, n: number): Promise<void> => {
      if (op.kind === 'force-expiry') {
        // An abandoned payment window reaching its deadline now, while the sweepers run.
        await db.execute(sql`update orders set reserved_until = now() - interval '1 second'
          where id = (select id from orders where payment_status = 'awaiting' order by random() limit 1)`);
        return;
      }
      if (op.kind === 'status') {
        if (orderIds.length === 0) return;
        await send(`status→${op.status}`, 'PATCH', `/api/orders/${orderIds[op.pick % orderIds.length]}`, { cookie: admin, body: { status: op.status } });
        return;
      }
      const who = shoppers[op.shopper]!.cookie;
      if (op.kind === 'add') {
        await send('add', 'POST', '/api/cart', { cookie: who, body: { product: productIds[op.product], quantity: op.quantity, color: '#aa2233', size: op.size } });
        return;
      }
      if (op.kind === 'change-quantity') {
        const cart = await send('cart', 'GET', '/api/cart', { cookie: who });
        const line = (cart.body as { id: number }[])[0];
        if (line) await send('quantity', 'PATCH', `/api/cart/${line.id}`, { cookie: who, body: { quantity: op.quantity } });
        return;
      }
      if (op.kind === 'cash') {
        const res = await send('cash', 'POST', '/api/orders', { cookie: who, body: orderPayload('cash'), headers: { 'idempotency-key': `cash-${n}` } });
        if (res.status === 201) orderIds.push((res.body as Order).id);
        return;
      }
      const init = await send('initiate', 'POST', '/api/payment/initiate', { cookie: who, body: orderPayload('card') });
      if (init.status !== 201) return;
      const initiation = init.body as PaymentInitiation;
      const { paymentId, orderId } = initiation;
      orderIds.push(orderId);
      if (op.pay === 'abandon') return;
      if (op.pay === 'pay-after-expiry') {
        await until(`order ${orderId} to expire`, async () => {
          const [o] = await rows<{ payment_status: string }>(db, sql`select payment_status from orders where id = ${orderId}`);
          return o?.payment_status !== 'awaiting';
        });
      }
      // The card network signs only for the shopper who opened the payment window.
      const signed = await send('test-sign', 'POST', '/api/payment/test-sign', { cookie: who, body: { order_id: paymentId } });
      if (signed.status !== 200) return;
      const verify = () => send('verify', 'POST', '/api/payment/verify', { body: signed.body });
      if (op.pay === 'verify' || op.pay === 'pay-after-expiry') await verify();
      if (op.pay === 'verify-twice') await Promise.all([verify(), verify()]);
      if (op.pay === 'webhook') await Promise.all([webhook(initiation, `evt_${n}`), webhook(initiation, `evt_${n}`)]);
      if (op.pay === 'verify-and-webhook') await Promise.all([verify(), webhook(initiation, `evt_${n}`)]);
    };

    // IN_FLIGHT workers take the operations in turn; every 50th also checks the invariants mid-run.
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ops.length) {
          const n = next++;
          await run(ops[n]!, n);
          if (n % 50 === 49) {
            const mid = await consistentCheck(db, initial);
            checks += mid.checks;
            expect(mid.violations, `mid-run after operation ${n} (seed ${seed})`).toEqual([]);
          }
        }
      }),
    );

    // Every reservation left open lapses and is swept by the servers themselves.
    await until('the open reservations to lapse', async () => {
      const [left] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where payment_status = 'awaiting'`);
      return left!.n === 0;
    });
    const final = await consistentCheck(db, initial);
    checks += final.checks;
    const [tally] = await rows<{ orders: number; paid: number; expired: number; cancelled: number }>(
      db,
      sql`select count(*)::int as orders, count(*) filter (where payment_status = 'paid')::int as paid,
            count(*) filter (where payment_status = 'expired')::int as expired, count(*) filter (where status = 'cancelled')::int as cancelled from orders`,
    );
    console.log(
      `invariants on PostgreSQL, two processes (seed ${seed}): ${OPERATIONS} operations, ${IN_FLIGHT} in flight, ${requests} HTTP requests; ` +
        `${tally!.orders} orders (${tally!.paid} paid by card, ${tally!.expired} expired, ${tally!.cancelled} cancelled); ${checks} invariant checks passed\n` +
        [...outcomes.entries()].sort().map(([k, v]) => `  ${k}: ${v}`).join('\n'),
    );
    expect(fiveHundreds, servers.map((s) => s.output()).join('\n')).toEqual([]);
    expect(final.violations, `seed ${seed}`).toEqual([]);
    expect(tally!.paid).toBeGreaterThan(0);
  }, 180_000);
});
