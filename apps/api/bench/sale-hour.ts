import { Pool } from 'undici';
import { DEMO_ADDRESS } from '../src/db/seed/catalogue.ts';
import { createRandom, type Random } from '../src/db/seed/random.ts';
import type { Raw, SaleAccounts } from './load.ts';
import type { Traffic } from './traffic.ts';
import { BENCH_CODE } from './scenarios.ts';

// The sale hour (docs/performance.md): an open model. Shoppers arrive at a set rate (a Poisson
// process) whatever the server's replies do, so a slow server faces a growing crowd instead of a
// politely waiting one; each shopper then walks a short visit, step after step, with a brief
// pause between steps. An admin works the orders table at the same time.

export interface SaleHourOptions {
  url: string;
  /** Shoppers arriving per second. */
  rate: number;
  seconds: number;
  accounts: SaleAccounts;
  traffic: Traffic;
  /** Doorbusters: little stock, wanted by many. */
  deals: number[];
  db: Raw;
  seed: number;
}

export interface StepResult {
  step: string;
  count: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface SaleHourResult {
  rate: number;
  seconds: number;
  /** Shoppers who arrived, those turned away because every account was busy, and those still on their way when the run was cut off (overload). */
  shoppers: number;
  turnedAway: number;
  unfinished: number;
  orders: { cash: number; card: number };
  /** Mean orders per second over the run, and the lowest of its 10-second windows after the first. */
  ordersPerSecond: number;
  sustainedOrdersPerSecond: number;
  steps: StepResult[];
  errors: number;
  /** Replies refused because stock ran out (409): correct answers, not errors. */
  soldOut: number;
  /** First unexpected replies, for whoever reads a broken run. */
  errorSamples: string[];
  /** Units in orders that no stock decrement backs (must be 0), and stock taken for no order. */
  oversoldUnits: number;
  lostUnits: number;
}

/** Shoppers' pause between two steps (exponential, this mean): brief, so a run is minutes, not hours. */
const THINK_MS = 50;
const TIMEOUT_MS = 30_000;
/** After the last arrival, shoppers still on their way get this long to finish. */
const DRAIN_MS = 30_000;
const WINDOW_MS = 10_000;

/** The visit of one shopper, by share of arrivals. */
const VISITS: { share: number; kind: 'browse' | 'cash' | 'card' }[] = [
  { share: 0.45, kind: 'browse' },
  { share: 0.35, kind: 'cash' },
  { share: 0.2, kind: 'card' },
];

class Steps {
  private readonly latencies = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  errors = 0;
  soldOut = 0;
  samples: string[] = [];

  record(step: string, ms: number) {
    let list = this.latencies.get(step);
    if (!list) this.latencies.set(step, (list = []));
    list.push(ms);
  }

  fail(step: string, what: string) {
    this.errors++;
    this.failures.set(step, (this.failures.get(step) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${step}: ${what.slice(0, 200)}`);
  }

  results(): StepResult[] {
    const names = new Set([...this.latencies.keys(), ...this.failures.keys()]);
    return [...names].map((step) => {
      const sorted = Float64Array.from(this.latencies.get(step) ?? []).sort();
      const at = (q: number) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
      return {
        step,
        count: sorted.length,
        p50: Math.round(at(0.5) * 10) / 10,
        p99: Math.round(at(0.99) * 10) / 10,
        errors: this.failures.get(step) ?? 0,
      };
    });
  }
}

class Failed extends Error {}

const exponential = (random: Random, mean: number) => -Math.log(1 - random.next()) * mean;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stock of every product and every variant (`p1`, `v7`), to compare with what the orders say was sold. */
const STOCKS = `select 'p' || id as id, stock from products union all select 'v' || id, stock from product_variants`;
async function stocks(db: Raw): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; stock: number }>(STOCKS);
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export async function runSaleHour(opts: SaleHourOptions): Promise<SaleHourResult> {
  const random = createRandom(opts.seed);
  const pool = new Pool(opts.url, {
    connections: 256,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    keepAliveTimeout: 60_000,
  });
  const steps = new Steps();
  const free = [...opts.accounts.shoppers];
  const stockBefore = await stocks(opts.db);
  const { rows: lastOrder } = await opts.db.query<{ id: number | null }>('select max(id) as id from orders');
  const ordersAfter = lastOrder[0]?.id ?? 0;
  const orderTimes: number[] = [];
  const orders = { cash: 0, card: 0 };
  let turnedAway = 0;
  let shoppers = 0;
  // Set when the drain's time is up: requests then aborted are the overload's, not errors of the shop.
  let cutOff = false;
  let unfinished = 0;

  /**
   * One request, timed from when it was due (so a lagging load generator or a queue in front of
   * the server counts against the server, not in its favour). Returns status and body.
   */
  const call = async (
    step: string,
    due: number,
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
  ) => {
    let res;
    try {
      res = await pool.request({
        method: method as 'GET',
        path,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      if (cutOff) unfinished++;
      else steps.fail(step, (err as Error).message);
      throw new Failed();
    }
    const text = await res.body.text().catch((err: unknown) => {
      if (cutOff) unfinished++;
      else steps.fail(step, (err as Error).message);
      throw new Failed();
    });
    steps.record(step, performance.now() - due);
    return { status: res.statusCode, text };
  };
  const expect = (step: string, r: { status: number; text: string }, ok: number) => {
    if (r.status === ok) return JSON.parse(r.text) as Record<string, unknown>;
    if (r.status === 409 && /out of stock/i.test(r.text)) {
      steps.soldOut++;
      return undefined;
    }
    steps.fail(step, `${r.status} ${r.text}`);
    throw new Failed();
  };

  const visit = async (kind: 'browse' | 'cash' | 'card', cookie: string, arrived: number): Promise<void> => {
    let due = arrived;
    const next = async () => {
      const pause = exponential(random, THINK_MS);
      await sleep(pause);
      due = performance.now();
    };
    const page = async (step: 'listing' | 'search') => {
      expect(
        step,
        await call(
          step,
          due,
          'GET',
          step === 'listing' ? opts.traffic.listing() : opts.traffic.search(),
          cookie,
        ),
        200,
      );
      await next();
    };
    const view = async (id: number) => {
      const product = expect('view', await call('view', due, 'GET', `/api/products/${id}`, cookie), 200) as {
        id: number;
        stock: number;
        colors: string[];
        sizes: number[];
        sizeLabels: string[];
        variants: { color: string; size: string; stock: number }[];
      };
      await next();
      return product;
    };
    // What a buyer ends up buying: a doorbuster about a third of the time, else a popular product.
    const wanted = () => (random.chance(0.3) ? random.pick(opts.deals) : opts.traffic.productId());
    if (kind === 'browse') {
      await page('listing');
      await page('search');
      await view(opts.traffic.productId());
      await view(opts.traffic.productId());
      await page('listing');
      return;
    }
    if (kind === 'cash') await page('search');
    else await page('listing');
    if (kind === 'cash') await view(opts.traffic.productId());
    const product = await view(wanted());
    if (product.stock <= 0) return;
    // A shopper picks a colour and size that is in stock, as the product page lets them.
    const variant = product.variants.find((v) => v.stock > 0);
    const line = expect(
      'add to cart',
      await call('add to cart', due, 'POST', '/api/cart', cookie, {
        product: product.id,
        quantity: 1,
        color: variant?.color ?? product.colors[0],
        size: variant ? product.sizes[product.sizeLabels.indexOf(variant.size)] : product.sizes[0],
      }),
      201,
    );
    if (!line) return;
    await next();
    const removeLine = async () => {
      expect(
        'remove from cart',
        await call('remove from cart', due, 'DELETE', `/api/cart/${String(line.id)}`, cookie),
        200,
      );
    };
    const body = { selectedAddress: DEMO_ADDRESS, paymentMethod: kind };
    // docs/product.md, Promotions: half the cash shoppers bring the influencer's code (a sale is on for all).
    if (kind === 'cash' && Math.random() < 0.5) expect('apply code', await call('apply code', due, 'POST', '/api/cart/promo-code', cookie, { code: BENCH_CODE }), 200);
    if (kind === 'cash') {
      const order = expect(
        'cash order',
        await call('cash order', due, 'POST', '/api/orders', cookie, body),
        201,
      );
      if (!order) return removeLine();
      orders.cash++;
      orderTimes.push(performance.now());
      return;
    }
    const initiation = expect(
      'card: initiate',
      await call('card: initiate', due, 'POST', '/api/payment/initiate', cookie, body),
      201,
    );
    if (!initiation) return removeLine();
    // The payment window: the shopper types the card's details.
    await next();
    const signed = expect(
      'card: pay',
      await call('card: pay', due, 'POST', '/api/payment/test-sign', cookie, {
        order_id: initiation.paymentId,
      }),
      200,
    );
    await next();
    const paid = expect(
      'card: verify',
      await call('card: verify', due, 'POST', '/api/payment/verify', cookie, signed),
      200,
    ) as { status: string } | undefined;
    if (!paid) return;
    if (paid.status === 'cancelled') steps.fail('card: verify', 'a reservation lapsed before its payment');
    orders.card++;
    orderTimes.push(performance.now());
  };

  const running = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + opts.seconds * 1000;

  // The admin, twice a second: the newest orders, and the oldest pending one on the page dispatched.
  const admin = (async () => {
    for (let tick = 0; performance.now() < end; tick++) {
      // An admin who fell behind does not queue up clicks: the next look is at the next half second.
      tick = Math.max(tick, Math.ceil((performance.now() - start) / 500) - 1);
      const due = start + tick * 500;
      if (due > performance.now()) await sleep(due - performance.now());
      try {
        const list = expect(
          'admin: orders page',
          await call(
            'admin: orders page',
            due,
            'GET',
            '/api/orders/admin?_page=1&_per_page=10',
            opts.accounts.admin,
          ),
          200,
        ) as {
          // docs/product.md, Order calls: the admin list names its orders `products`.
          products: { id: number; status: string }[];
        };
        const pending = list.products.filter((o) => o.status === 'pending').at(-1);
        if (pending) {
          const at = performance.now();
          expect(
            'admin: dispatch',
            await call('admin: dispatch', at, 'PATCH', `/api/orders/${pending.id}`, opts.accounts.admin, {
              status: 'dispatched',
            }),
            200,
          );
        }
      } catch (err) {
        if (!(err instanceof Failed)) steps.fail('admin', String(err));
      }
    }
  })();

  // Arrivals: due times of a Poisson process; each is started as soon as the loop sees it is due.
  let due = start + exponential(random, 1000 / opts.rate);
  while (due < end) {
    const now = performance.now();
    if (due > now) {
      await sleep(Math.min(due - now, 5));
      continue;
    }
    shoppers++;
    const cookie = free.pop();
    if (!cookie) turnedAway++;
    else {
      let x = random.next();
      const kind = VISITS.find((v) => (x -= v.share) < 0)?.kind ?? 'browse';
      const p: Promise<void> = visit(kind, cookie, due).then(
        // A shopper whose visit ended cleanly has an empty cart again and comes back as another.
        () => void free.push(cookie),
        (err: unknown) => {
          if (!(err instanceof Failed)) steps.fail('visit', String(err));
        },
      );
      running.add(p);
      void p.finally(() => running.delete(p));
    }
    due += exponential(random, 1000 / opts.rate);
  }
  await admin;
  const drained = await Promise.race([
    Promise.all(running).then(() => true),
    sleep(DRAIN_MS).then(() => false),
  ]);
  cutOff = !drained;
  await pool.destroy();
  await Promise.allSettled(running);

  // No unit sold twice: for every product, the stock it lost equals the units in the orders that
  // hold stock (placed, paid or still reserved; a lapsed or cancelled one gave its stock back).
  // Both are read by one statement, so in one snapshot: a request cut off above may still commit
  // on the server, and an order and its stock decrement commit together.
  // A variant's units are counted on it as well as on its product (decision 036).
  const { rows } = await opts.db.query<{ id: string; stock: number; units: number }>(
    `with sold as (select i.product_id, i.variant_id, i.quantity from order_items i join orders o on o.id = i.order_id
                   where o.id > $1 and o.status <> 'cancelled')
     select s.id, s.stock, coalesce(u.units, 0)::int as units from (${STOCKS}) s
     left join (select 'p' || product_id as id, sum(quantity) as units from sold group by product_id
                union all
                select 'v' || variant_id, sum(quantity) from sold where variant_id is not null group by variant_id) u on u.id = s.id`,
    [ordersAfter],
  );
  const stockAfter = new Map(rows.map((r) => [r.id, r.stock]));
  const ordered = new Map(rows.map((r) => [r.id, r.units]));
  let oversoldUnits = 0;
  let lostUnits = 0;
  for (const [id, before] of stockBefore) {
    const taken = before - (stockAfter.get(id) ?? before);
    const units = ordered.get(id) ?? 0;
    if (units > taken) oversoldUnits += units - taken;
    if (taken > units) lostUnits += taken - units;
  }

  const seconds = (end - start) / 1000;
  const windows: number[] = [];
  for (let w = start + WINDOW_MS; w + WINDOW_MS <= end; w += WINDOW_MS)
    windows.push(orderTimes.filter((t) => t >= w && t < w + WINDOW_MS).length / (WINDOW_MS / 1000));
  const placed = orders.cash + orders.card;
  return {
    rate: opts.rate,
    seconds,
    shoppers,
    turnedAway,
    unfinished,
    orders,
    ordersPerSecond: placed / seconds,
    sustainedOrdersPerSecond: windows.length ? Math.min(...windows) : placed / seconds,
    steps: steps.results(),
    errors: steps.errors + turnedAway + unfinished,
    soldOut: steps.soldOut,
    errorSamples: steps.samples,
    oversoldUnits,
    lostUnits,
  };
}
