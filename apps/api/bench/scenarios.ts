import autocannon, { type Client, type Options, type Request, type Result } from 'autocannon';
import { DEMO_ADDRESS } from '../src/db/seed/catalogue.ts';

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
  products: number;
  connections: number;
  seconds: number;
  shoppers: Shopper[];
  hot: HotProduct[];
}

interface Scenario {
  key: string;
  name: string;
  options(
    ctx: ScenarioContext,
    /** 0 warm-up, 1 measured run, 2 correctness check. */
    round: number,
  ): Omit<Options, 'url' | 'connections' | 'duration'> & { count?: () => number };
}

const q = (params: [string, string][]) => new URLSearchParams(params).toString();

/** The listing page as the shop's filter panel asks for it (SPEC §7): repeated keys, admin=false. */
export const LISTING_PATH = `/api/products?${q([
  ['category', 'Silk Sarees'],
  ['category', 'Cotton Sarees'],
  ['brand', 'Pochampally Looms'],
  ['_sort', 'rating'],
  ['_order', 'desc'],
  ['_page', '3'],
  ['_per_page', '12'],
  ['admin', 'false'],
])}`;
export const SEARCH_PATH = `/api/products?${q([
  ['search', 'silk'],
  ['_page', '1'],
  ['_per_page', '12'],
  ['admin', 'false'],
])}`;
export const SUGGEST_COMMON_PATH = '/api/products/suggest?q=silk&limit=5';
export const SUGGEST_NONE_PATH = '/api/products/suggest?q=xqzv&limit=5';

const fullPage = (body: string) => body.startsWith('{"products":[{') && !body.includes('"totalProducts":0');

export const SCENARIOS: Scenario[] = [
  {
    key: 'ceiling',
    name: 'ceiling: GET /api/health',
    options: () => ({ requests: [{ path: '/api/health' }], verifyBody: (b) => b === '{"ok":true}' }),
  },
  {
    key: 'listing',
    name: 'listing: 2 categories, 1 brand, by rating, page 3',
    options: () => ({ requests: [{ path: LISTING_PATH }], verifyBody: fullPage }),
  },
  {
    key: 'search',
    name: 'listing with search=silk',
    options: () => ({ requests: [{ path: SEARCH_PATH }], verifyBody: fullPage }),
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
    name: 'product detail: random id',
    options: (ctx) => ({
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/products/${1 + Math.floor(Math.random() * ctx.products)}`,
          }),
        },
      ],
      // The database writes this JSON (json_build_object spaces its colons).
      verifyBody: (b) => /^\{"id" ?: ?\d+, ?"title" ?: ?"/.test(b),
    }),
  },
  {
    key: 'checkout',
    name: 'checkout mix: add to cart + cash order',
    options: (ctx, round) => {
      let placed = 0;
      // Each round (warm-up, measured run, check) has its own shoppers: a run cut off between the
      // two requests leaves a line in its shopper's cart.
      let next = round * ctx.connections;
      const address = JSON.stringify({ selectedAddress: DEMO_ADDRESS, paymentMethod: 'cash' });
      // Each connection is one signed-in shopper, so no two connections share a cart.
      const requestsFor = (shopper: Shopper): Request[] => {
        const headers = { 'content-type': 'application/json', cookie: shopper.cookie };
        return [
          {
            method: 'POST',
            path: '/api/cart',
            headers,
            setupRequest: (req) => {
              const p = ctx.hot[Math.floor(Math.random() * ctx.hot.length)]!;
              return {
                ...req,
                body: JSON.stringify({ product: p.id, quantity: 1, color: p.color, size: p.size }),
              };
            },
          },
          {
            method: 'POST',
            path: '/api/orders',
            headers,
            body: address,
            onResponse: (status) => {
              if (status === 201) placed++;
            },
          },
        ];
      };
      return {
        setupClient: (client: Client) =>
          client.setRequests(requestsFor(ctx.shoppers[next++ % ctx.shoppers.length]!)),
        verifyBody: (b) => b.startsWith('{"id":'),
        count: () => placed,
      };
    },
  },
];

function summarize(
  s: Scenario,
  r: Result,
  ceiling: number | undefined,
  placed: number | undefined,
): ScenarioResult {
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, v]) => [code, Number(v.count)]),
  );
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const requestsPerSecond = total / r.duration;
  return {
    key: s.key,
    name: s.name,
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
  const base = { url: ctx.url, connections: ctx.connections, timeout: 30 };
  const { count: _warmCount, ...warm } = s.options(ctx, 0);
  await autocannon({ ...base, ...warm, duration: Math.max(1, Math.round(ctx.seconds / 5)) });
  const { count, ...measured } = s.options(ctx, 1);
  const summary = summarize(
    s,
    await autocannon({ ...base, ...measured, duration: ctx.seconds }),
    ceiling,
    count?.(),
  );
  if (summary.requests >= ctx.connections) return summary;
  const { count: _checkCount, ...check } = s.options(ctx, 2);
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
