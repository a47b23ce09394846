import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type ColumnValue<C> = C extends { _: { data: infer D; notNull: infer N } } ? (N extends true ? D : D | null) : never;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  pool: pg.Pool | undefined;
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: an image of its data folder, which `OpenOptions.pgliteImage` starts from. */
  image?: () => Promise<Blob>;
  close(): Promise<void>;
}

export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new Error('Cannot find the drizzle migrations folder');
    dir = up;
  }
}

// node-postgres would hand back bigint counts as strings; counts here stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  /** Start PGlite from this image of a data folder instead of an empty cluster (no initdb: a few seconds less). */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
}

// Without it, a database that is down would hold every request until the client gave up.
export const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An unhandled 'error' of a dropped client would end the process; the pool replaces broken clients.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, executeSql: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  if (opts.pgliteDir) mkdirSync(resolve(opts.pgliteDir), { recursive: true });
  // Loaded only when used: PGlite's WASM costs ~50 MB of memory.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(opts.pgliteDir, { extensions: { pg_trgm }, ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite runs a text of several statements only without parameters, through exec.
  const executeSql = async (text: string, values: unknown[]) =>
    values.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
  return { db, kind: 'pglite', pool: undefined, executeSql, image: () => client.dumpDataDir('none'), close: () => client.close() };
}

const MIGRATION_LOCK = 727_001;

export async function migrate(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolderPath });
    return;
  }
  await withStartLock(database, MIGRATION_LOCK, (client) => migratePg(drizzlePg(client!, { schema }), { migrationsFolder: migrationsFolderPath }));
}

export async function withStartLock<T>(database: Database, key: number, work: (client: pg.PoolClient | undefined) => Promise<T>): Promise<T> {
  if (!database.pool) return work(undefined);
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

const TRANSIENT = new Set(['40P01', '40001']);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const PG_CONNECTION_ERROR_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && PG_CONNECTION_ERROR_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

// A deadlock victim or a serialization failure was rolled back whole, so running it again is safe.
export async function retryTransient<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const e = err as { code?: unknown; cause?: { code?: unknown } };
      const code = e.cause?.code ?? e.code;
      if (attempt >= attempts || typeof code !== 'string' || !TRANSIENT.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

// A name must always stand for the same statement text: it is prepared once per connection.
export function named<T>(query: { prepare(name: string): { execute(): Promise<T> } }, name: string): Promise<T> {
  return query.prepare(name).execute();
}

export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

export function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export { sql };
