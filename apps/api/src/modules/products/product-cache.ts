import { channel } from 'node:diagnostics_channel';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { createBackground, type Background } from '../../lib/background.ts';

const PRODUCTS_CHANGED = 'products_changed';

declare module 'fastify' {
  interface FastifyInstance {
    productCache: ProductCache;
  }
}

// For the benchmark's probe to read the hit and miss counts; nothing listens in a normal server.
const CACHE_CREATED = channel('shop:product-cache');

// Decision 021: nothing here depends on stock. A write to products, in any process, NOTIFYs
// `products_changed` and the cache empties; while the listener is down nothing is cached. Each region
// has its own bound, so many products never push the lists out.
export type CacheRegion = 'lists' | 'bodies' | 'pages';

export class ProductCache {
  private readonly regions: Record<CacheRegion, Map<string, Promise<unknown>>> = { lists: new Map(), bodies: new Map(), pages: new Map() };
  private readonly bounds: Record<CacheRegion, number>;
  private readonly latestValues = new Map<string, unknown>();
  private readonly latestLoads = new Set<string>();
  private version = 0;
  private live = false;
  background: Pick<Background, 'run'> = createBackground((err) => console.error(err));
  hits = 0;
  misses = 0;

  constructor(maxEntries = 10_000, maxBodies = 20_000, maxPages = 500) {
    this.bounds = { lists: maxEntries, bodies: maxBodies, pages: maxPages };
    if (CACHE_CREATED.hasSubscribers) CACHE_CREATED.publish(this);
  }

  /** Stored only when no write happened meanwhile. */
  async get<T>(key: string, load: () => Promise<T>, region: CacheRegion = 'lists'): Promise<T> {
    if (!this.live) return load();
    const entries = this.regions[region];
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) {
      // Re-inserting moves the key to the end: the least recently used goes first.
      entries.delete(key);
      entries.set(key, hit);
      this.hits++;
      return hit;
    }
    this.misses++;
    const version = this.version;
    const pending = load();
    entries.set(key, pending);
    if (entries.size > this.bounds[region]) entries.delete(entries.keys().next().value!);
    try {
      return await pending;
    } catch (err) {
      if (entries.get(key) === pending) entries.delete(key);
      throw err;
    } finally {
      if (version !== this.version && entries.get(key) === pending) entries.delete(key);
    }
  }

  /** Undefined until a background load finishes with no write meanwhile: for what is too slow to wait for. */
  latest<T>(key: string, load: () => Promise<T>): T | undefined {
    if (!this.live) return undefined;
    if (this.latestValues.has(key)) return this.latestValues.get(key) as T;
    if (!this.latestLoads.has(key)) {
      const version = this.version;
      this.latestLoads.add(key);
      this.background.run(`loading ${key}`, async () => {
        try {
          const value = await load();
          if (version === this.version && this.live) this.latestValues.set(key, value);
        } finally {
          this.latestLoads.delete(key);
        }
      });
    }
    return undefined;
  }

  invalidate(): void {
    this.version++;
    for (const entries of Object.values(this.regions)) entries.clear();
    this.latestValues.clear();
  }

  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }

  get size(): number {
    return this.regions.lists.size + this.regions.bodies.size + this.regions.pages.size;
  }
}

export async function listenForProductWrites(
  database: Database,
  cache: ProductCache,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const client = (
      database.db as unknown as {
        $client: { listen(ch: string, cb: () => void): Promise<() => Promise<void>> };
      }
    ).$client;
    const unlisten = await client.listen(PRODUCTS_CHANGED, () => cache.invalidate());
    cache.setLive(true);
    return async () => {
      cache.setLive(false);
      await unlisten();
    };
  }
  const settings = (database.pool as unknown as { options: pg.ClientConfig }).options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(settings);
    // Only the client listening now turns the cache off; one that failed on its way is retried by its caller.
    const down = () => {
      if (client !== c) return;
      client = undefined;
      cache.setLive(false);
      if (!stopped && !retry) retry = setTimeout(() => void reconnect(), 1000);
    };
    c.on('error', down);
    c.on('end', down);
    c.on('notification', () => cache.invalidate());
    try {
      await c.connect();
      await c.query(`listen ${PRODUCTS_CHANGED}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    cache.setLive(true);
  };
  const reconnect = async () => {
    retry = undefined;
    if (stopped) return;
    await connect().catch(() => {
      if (!stopped && !retry) retry = setTimeout(() => void reconnect(), 1000);
    });
  };
  await connect().catch(() => {
    // The server still works without the cache; the listener keeps trying.
    if (!retry) retry = setTimeout(() => void reconnect(), 1000);
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.setLive(false);
    await client?.end().catch(() => undefined);
  };
}
