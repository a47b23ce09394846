import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

type Hit = { current: number; ttl: number };

export interface DatabaseStoreOptions {
  sweepEvery?: number;
}

export function databaseStore(db: Db, log: FastifyBaseLogger, { sweepEvery = 1000 }: DatabaseStoreOptions = {}): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  async function hit(key: string, timeWindow: number): Promise<Hit> {
    const id = createHash('sha256').update(key).digest('hex');
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

    // Typed as route options, but the plugin passes its merged limit options; createRateLimit passes no
    // route, so those limits name it in their keys.
    child(options: object): FastifyRateLimitStore {
      const params = options as StoreParams;
      const route = params.routeInfo;
      return new DatabaseStore(params, route?.url ? `${this.prefix}${String(route.method)} ${String(route.url)} ` : this.prefix);
    }
  }
  return DatabaseStore;
}
