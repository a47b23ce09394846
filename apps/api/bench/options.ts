import { parseArgs } from 'node:util';

export type Target = 'postgres' | 'pglite';

export interface BenchOptions {
  quick: boolean;
  products: number;
  orders: number;
  /** Seconds of load per scenario, after a warm-up of a fifth of it. */
  seconds: number;
  connections: number;
  /** Which databases to run on; PostgreSQL only when a server answers. */
  targets: Target[];
  web: boolean;
  lighthouse: boolean;
  /** Server processes on PostgreSQL (node cluster); PGlite always serves one. */
  workers: number;
  json: string | undefined;
  /** Scenario keys to run (ratios need `ceiling` among them); all when empty. `saleHour` is the sale hour. */
  only: string[];
  /** The sale hour (PostgreSQL only): its length, shoppers arriving per second, server processes. */
  saleHour: { minutes: number; rate: number; workers: number } | undefined;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--products N] [--orders N] [--seconds S] [--connections C]
                        [--db postgres|pglite|both] [--workers N] [--no-web] [--no-lighthouse] [--json FILE]
                        [--only ceiling,search,listing,suggestCommon,suggestNone,detail,checkout,checkoutOffers,checkoutCode,saleHour]
                        [--sale-hour] [--minutes M] [--rate R] [--sale-workers N]`;

const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0, not ${raw}`);
  return n;
};

const positiveNumber = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a number above 0, not ${raw}`);
  return n;
};

/** Reads the command line of `npm run bench`. */
export function parseOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: 'boolean', default: false },
      products: { type: 'string' },
      orders: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      db: { type: 'string', default: 'both' },
      workers: { type: 'string' },
      'no-web': { type: 'boolean', default: false },
      'no-lighthouse': { type: 'boolean', default: false },
      json: { type: 'string' },
      only: { type: 'string' },
      'sale-hour': { type: 'boolean', default: false },
      minutes: { type: 'string' },
      rate: { type: 'string' },
      'sale-workers': { type: 'string' },
    },
    strict: true,
  });
  const quick = values.quick ?? false;
  const products = positive('products', values.products, quick ? 10_000 : 100_000);
  // `--sale-hour` runs the sale hour alone, on PostgreSQL.
  const saleOnly = values['sale-hour'] ?? false;
  const only = saleOnly ? ['saleHour'] : values.only ? values.only.split(',').map((k) => k.trim()) : [];
  const db = saleOnly ? (values.db === 'both' ? 'postgres' : values.db) : values.db;
  if (db !== 'both' && db !== 'postgres' && db !== 'pglite')
    throw new Error(`--db must be postgres, pglite or both, not ${db}`);
  return {
    quick,
    products,
    // Some thousands of past orders, in proportion to a small catalogue.
    orders: positive('orders', values.orders, Math.min(5_000, Math.max(500, Math.round(products / 20)))),
    seconds: positive('seconds', values.seconds, quick ? 2 : 10),
    connections: positive('connections', values.connections, 10),
    targets: db === 'both' ? ['postgres', 'pglite'] : [db],
    web: !values['no-web'] && !saleOnly,
    lighthouse: !values['no-web'] && !values['no-lighthouse'] && !saleOnly,
    workers: positive('workers', values.workers, 1),
    json: values.json,
    only,
    saleHour:
      only.length && !only.includes('saleHour')
        ? undefined
        : {
            // The full run: a few minutes of it; --quick: a few seconds at a low rate, to check it works.
            minutes: positiveNumber('minutes', values.minutes, quick ? 0.25 : 3),
            rate: positiveNumber('rate', values.rate, quick ? 20 : 400),
            workers: positive('sale-workers', values['sale-workers'], 2),
          },
  };
}
