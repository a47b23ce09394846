import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What @fastify/rate-limit hands a store: its merged options, with the route when it is a route's. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

type Hit = { current: number; ttl: number };

export interface DatabaseStoreOptions {
  /** Expired counters are deleted after this many hits counted by this process. */
  sweepEvery?: number;
}

/**
 * A @fastify/rate-limit store in the rate_limits table, so every process on one PostgreSQL counts
 * together and a restart forgets nothing; on PGlite the same statements run in the one process.
 * Windows are fixed (like the plugin's own stores), timed by the database clock so processes on
 * different machines agree.
 */
export function databaseStore(db: Db, log: FastifyBaseLogger, { sweepEvery = 1000 }: DatabaseStoreOptions = {}): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  async function hit(key: string, timeWindow: number): Promise<Hit> {
    // Hashed: the key holds an address or an email from the request; the table keeps neither, and
    // every key has the same length however long the input.
    const id = createHash('sha256').update(key).digest('hex');
    // One statement, so concurrent hits on any process serialise on the row: a new or ended
    // window starts at 1, a running one counts up.
    const result = (await db.execute(sql`
      insert into rate_limits (key, window_ends_at, hits)
      values (${id}, now() + ${timeWindow}::integer * interval '1 millisecond', 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
        window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end
      returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::integer as ttl`)) as unknown as {
      rows: { hits: number; ttl: number }[];
    };
    const row = result.rows[0]!;
    if (++hitsSinceSweep >= sweepEvery) {
      hitsSinceSweep = 0;
      // An ended window counts as no row at all, so deleting it changes no answer; it only keeps
      // the table as small as the windows still running. The index makes it a range scan.
      await db.execute(sql`delete from rate_limits where window_ends_at <= now()`).catch((err: unknown) => {
        log.warn({ err }, 'rate limit sweep failed');
      });
    }
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      params: StoreParams,
      private readonly prefix = '',
    ) {
      // The SQL above knows fixed windows only; fail at startup rather than count differently.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
    }

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    // Like the plugin's Redis store: a route's own limit counts apart from other routes.
    // createRateLimit passes no route, so those limits put their identity in the key instead.
    // The plugin's types call the argument route options; it is the merged limit options.
    child(options: object): FastifyRateLimitStore {
      const params = options as StoreParams;
      const route = params.routeInfo;
      return new DatabaseStore(params, route?.url ? `${this.prefix}${String(route.method)} ${String(route.url)} ` : this.prefix);
    }
  }
  return DatabaseStore;
}
