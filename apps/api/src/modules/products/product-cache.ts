import { channel } from 'node:diagnostics_channel';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { createBackground, type Background } from '../../lib/background.ts';

const PRODUCTS_CHANGED = 'products_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shoppers' product reads and the served product pages, emptied on every product write. */
    productCache: ProductCache;
  }
}

/**
 * Each new cache is published here, for a tool in the same process (the benchmark's probe) to read its
 * hit and miss counts; no route shows them. Nothing listens in a normal server.
 */
const CACHE_CREATED = channel('shop:product-cache');

/**
 * What shoppers' product lists are made of — each page's product ids and each filter's total — and
 * the suggestions, keyed by their query (docs/performance.md, decision 021); none of it depends on
 * stock. Every other write to the products table, in this process or any other, NOTIFYs
 * `products_changed` (migrations 0003, 0012) and the cache empties. A read that started before a
 * write is never stored after it (the version check), and while the listener is down nothing is
 * cached at all.
 */
/**
 * Lists and suggestions, product bodies, or served pages: each region has its own bound, so a long
 * tail of products never pushes the lists out, and the pages (up to ~60 KB each with a first paint,
 * decision 024) stay a few tens of megabytes at most.
 */
export type CacheRegion = 'lists' | 'bodies' | 'pages';

export class ProductCache {
  private readonly regions: Record<CacheRegion, Map<string, Promise<unknown>>> = { lists: new Map(), bodies: new Map(), pages: new Map() };
  private readonly bounds: Record<CacheRegion, number>;
  /** Values kept whole beside the regions (the catalogue index): loaded in the background, never waited for. */
  private readonly latestValues = new Map<string, unknown>();
  private readonly latestLoads = new Set<string>();
  private version = 0;
  private live = false;
  /** Runs the background loads; the app gives its own, which logs a failure and is drained on close. */
  background: Pick<Background, 'run'> = createBackground((err) => console.error(err));
  /** Replies answered from memory, and read from the database while the cache was live. */
  hits = 0;
  misses = 0;

  /** `maxBodies` product bodies (~1.5 KB each without their stock, decision 023) and `maxPages` served pages beside `maxEntries` lists. */
  constructor(maxEntries = 10_000, maxBodies = 20_000, maxPages = 500) {
    this.bounds = { lists: maxEntries, bodies: maxBodies, pages: maxPages };
    if (CACHE_CREATED.hasSubscribers) CACHE_CREATED.publish(this);
  }

  /** The cached reply for `key`, or `load()`'s, stored when no write happened meanwhile. */
  async get<T>(key: string, load: () => Promise<T>, region: CacheRegion = 'lists'): Promise<T> {
    if (!this.live) return load();
    const entries = this.regions[region];
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) {
      // Least recently used goes first: re-inserting moves the key to the end.
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

  /**
   * The value `load()` gave, when it finished with no write meanwhile; otherwise undefined, and a load
   * starts (one at a time per key). For what is too slow to wait for on a request, whose caller has
   * another way to answer meanwhile: after a write, requests take that way until the reload is done.
   */
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

  /** Caching is on only while invalidations can arrive. */
  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }

  get size(): number {
    return this.regions.lists.size + this.regions.bodies.size + this.regions.pages.size;
  }
}

/**
 * Listens for product writes: on PostgreSQL on a connection of its own (reconnecting, with the
 * cache off while it is down), on PGlite on the embedded database. Returns the function that stops it.
 */
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
  // The pool's own settings, so the listener reaches the same database as the queries.
  const settings = (database.pool as unknown as { options: pg.ClientConfig }).options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(settings);
    // Only the client listening now turns the cache off: one that failed on its way is dropped, and
    // its caller tries again.
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
