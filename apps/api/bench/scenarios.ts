import autocannon, { type Client, type Options, type Request, type Result } from 'autocannon';
import { DEMO_ADDRESS } from '../src/db/seed/catalogue.ts';
import { CEILING_BODY } from './ceiling.ts';
import type { Traffic } from './traffic.ts';

/** The bench's code promotion (index.ts makes it with an automatic sale before the run). */
export const BENCH_CODE = 'BENCH10';

export interface ScenarioResult {
  key: string;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Throughput as a share of the ceiling route's in the same run. */
  ratio: number | undefined;
  requests: number;
  non2xx: number;
  errors: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  /** Checkout: placed orders per second. */
  ordersPerSecond?: number;
  /** Replies of the extra correctness pass run when the measured run saw almost none. */
  checked?: number;
  /** Share of the measured run's product-cache lookups answered from memory; undefined when none were made. */
  cacheHitRate?: number;
  /** The first refusal's request and reply, for a run that had one. */
  refusal?: string;
}

export interface CacheCounts {
  hits: number;
  misses: number;
}

export interface Shopper {
  cookie: string;
}

export interface HotProduct {
  id: number;
  color: string;
  size: number;
}

export interface ScenarioContext {
  url: string;
  /** The bare node:http server of the same run. */
  ceilingUrl: string;
  /** Long-tail draws: search terms, listing filters, product ids. */
  traffic: Traffic;
  /** The server's product-cache counts so far, summed over its processes. */
  cacheCounts(): Promise<CacheCounts>;
  products: number;
  connections: number;
  seconds: number;
  shoppers: Shopper[];
  hot: HotProduct[];
}

export interface Scenario {
  key: string;
  name: string | ((ctx: ScenarioContext) => string);
  /** The server it loads; the shop's by default. */
  base?: (ctx: ScenarioContext) => string;
  options(
    ctx: ScenarioContext,
    /** 0 warm-up, 1 measured run, 2 correctness check. */
    round: number,
  ): Omit<Options, 'url' | 'connections' | 'duration'> & { count?: () => number; refusal?: () => string | undefined };
}

export const SUGGEST_COMMON_PATH = '/api/products/suggest?q=silk&limit=5';
export const SUGGEST_NONE_PATH = '/api/products/suggest?q=xqzv&limit=5';

/** A list reply: a page (empty past the end, or for no match) and its total. */
const listPage = (body: string) => body.startsWith('{"products":[') && /"totalProducts":\d+\}$/.test(body);
/** A request whose path is drawn anew each time. */
const drawn = (path: () => string): Request => ({ setupRequest: (req) => ({ ...req, path: path() }) });

export const SCENARIOS: Scenario[] = [
  {
    key: 'ceiling',
    name: 'ceiling: bare node:http, constant JSON',
    base: (ctx) => ctx.ceilingUrl,
    options: () => ({ requests: [{ path: '/' }], verifyBody: (b) => b === CEILING_BODY }),
  },
  {
    key: 'search',
    name: (ctx) => `search: long tail (${ctx.traffic.distinctTerms} terms)`,
    options: (ctx) => ({ requests: [drawn(() => ctx.traffic.search())], verifyBody: listPage }),
  },
  {
    key: 'listing',
    name: 'listing: long tail of filters, sorts, pages',
    options: (ctx) => ({ requests: [drawn(() => ctx.traffic.listing())], verifyBody: listPage }),
  },
  {
    key: 'suggestCommon',
    name: 'suggestions: common term (silk)',
    options: () => ({ requests: [{ path: SUGGEST_COMMON_PATH }], verifyBody: (b) => b.startsWith('[{') }),
  },
  {
    key: 'suggestNone',
    name: 'suggestions: no match (xqzv)',
    options: () => ({ requests: [{ path: SUGGEST_NONE_PATH }], verifyBody: (b) => b === '[]' }),
  },
  {
    key: 'detail',
    name: 'product detail: Zipf over the catalogue',
    options: (ctx) => ({
      requests: [drawn(() => `/api/products/${ctx.traffic.productId()}`)],
      // The database writes this JSON (json_build_object spaces its colons).
      verifyBody: (b) => /^\{"id" ?: ?\d+, ?"title" ?: ?"/.test(b),
    }),
  },
  checkoutMix('checkout', 'checkout mix: add to cart + cash order'),
  // docs/product.md, Promotions: the same checkout with the cart's offers read, then with a code applied
  // (BENCH10, 10 % off with a per-shopper limit; an automatic sale is on throughout): same requests per order.
  checkoutMix('checkoutOffers', 'checkout with offers: add + cart offers + cash order', { method: 'GET', path: '/api/cart/offers' }),
  checkoutMix('checkoutCode', `checkout with a code: add + apply ${BENCH_CODE} + cash order`, { method: 'POST', path: '/api/cart/promo-code', body: JSON.stringify({ code: BENCH_CODE }) }),
];

/** Each connection one signed-in shopper: add a hot product, optionally `middle`, then a cash order. */
function checkoutMix(key: string, name: string, middle?: Pick<Request, 'method' | 'path' | 'body'>): Scenario {
  return {
    key,
    name,
    options: (ctx, round) => {
      let placed = 0;
      let refusal: string | undefined;
      const note = (path: string) => (status: number, body: string) => {
        if (status >= 300) refusal ??= `${path} → ${status} ${body.slice(0, 160)}`;
      };
      // Each round (warm-up, measured run, check) has its own shoppers: a run cut off between the
      // requests leaves a line in its shopper's cart.
      let next = round * ctx.connections;
      const address = JSON.stringify({ selectedAddress: DEMO_ADDRESS, paymentMethod: 'cash' });
      const requestsFor = (shopper: Shopper): Request[] => {
        const headers = { 'content-type': 'application/json', cookie: shopper.cookie };
        return [
          {
            method: 'POST',
            path: '/api/cart',
            headers,
            setupRequest: (req) => {
              const p = ctx.hot[Math.floor(Math.random() * ctx.hot.length)]!;
              return { ...req, body: JSON.stringify({ product: p.id, quantity: 1, color: p.color, size: p.size }) };
            },
            onResponse: note('/api/cart'),
          },
          ...(middle ? [{ ...middle, headers, onResponse: note(middle.path ?? '') }] : []),
          {
            method: 'POST',
            path: '/api/orders',
            headers,
            body: address,
            onResponse: (status, body) => {
              if (status === 201) placed++;
              note('/api/orders')(status, body);
            },
          },
        ];
      };
      return {
        setupClient: (client: Client) => client.setRequests(requestsFor(ctx.shoppers[next++ % ctx.shoppers.length]!)),
        verifyBody: (b) => b.startsWith('{"'),
        count: () => placed,
        refusal: () => refusal,
      };
    },
  };
}

export const scenarioName = (s: Scenario, ctx: ScenarioContext) =>
  typeof s.name === 'string' ? s.name : s.name(ctx);

function summarize(
  s: Scenario,
  ctx: ScenarioContext,
  r: Result,
  ceiling: number | undefined,
  placed: number | undefined,
  cache: CacheCounts,
): ScenarioResult {
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, v]) => [code, Number(v.count)]),
  );
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const requestsPerSecond = total / r.duration;
  return {
    key: s.key,
    name: scenarioName(s, ctx),
    requestsPerSecond,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ratio: ceiling ? requestsPerSecond / ceiling : undefined,
    requests: total,
    non2xx: r.non2xx,
    errors: r.errors,
    mismatches: r.mismatches,
    statusCodes,
    ...(placed !== undefined ? { ordersPerSecond: placed / r.duration } : {}),
    ...(cache.hits + cache.misses > 0 ? { cacheHitRate: cache.hits / (cache.hits + cache.misses) } : {}),
  };
}

/**
 * Runs one scenario: a short warm-up (JIT, pools, caches), then the measured run. When a machine is
 * so busy that the measured run saw almost nothing, a fixed number of requests with a long timeout
 * still checks that the scenario works: a slow machine must not pass for a broken scenario, nor the
 * other way round.
 */
export async function runScenario(
  s: Scenario,
  ctx: ScenarioContext,
  ceiling: number | undefined,
): Promise<ScenarioResult> {
  const base = { url: s.base?.(ctx) ?? ctx.url, connections: ctx.connections, timeout: 30 };
  const { count: _warmCount, refusal: _warmRefusal, ...warm } = s.options(ctx, 0);
  await autocannon({ ...base, ...warm, duration: Math.max(1, Math.round(ctx.seconds / 5)) });
  const { count, refusal, ...measured } = s.options(ctx, 1);
  const before = await ctx.cacheCounts();
  const result = await autocannon({ ...base, ...measured, duration: ctx.seconds });
  const after = await ctx.cacheCounts();
  const summary = summarize(s, ctx, result, ceiling, count?.(), {
    hits: after.hits - before.hits,
    misses: after.misses - before.misses,
  });
  const refused = refusal?.();
  if (refused) summary.refusal = refused;
  if (summary.requests >= ctx.connections) return summary;
  const { count: _checkCount, refusal: _checkRefusal, ...check } = s.options(ctx, 2);
  const r = await autocannon({ ...base, ...check, timeout: 60, amount: ctx.connections * 2 });
  const checked = Object.values(r.statusCodeStats).reduce((a, v) => a + Number(v.count), 0);
  return {
    ...summary,
    checked,
    non2xx: summary.non2xx + r.non2xx,
    errors: summary.errors + r.errors,
    mismatches: summary.mismatches + r.mismatches,
  };
}
