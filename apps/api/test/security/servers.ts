import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '../../src/db/client.ts';
import { repoRoot } from '../../src/env.ts';
import { testDatabaseUrl } from '../database-url.ts';
import { createPostgresDatabase } from '../app.ts';

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process printed, stdout and stderr together. */
  output(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9), and waits for the exit: no shutdown code runs. */
  kill9(): Promise<void>;
}

export interface ServerOptions {
  /** PostgreSQL; without it the server uses PGlite in DATA_DIR. */
  databaseUrl?: string;
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** Run apps/api/dist/cli.js with plain node (built beforehand) instead of the sources through tsx. */
  compiled?: boolean;
}

// After the shop's name from Shop Settings (apps/api/src/cli.ts).
const READY = ' is open at ';

/** `node --import tsx apps/api/src/cli.ts start` (or `node apps/api/dist/cli.js start`) on 127.0.0.1; resolves once it prints its URL. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const entry = opts.compiled ? ['apps/api/dist/cli.js'] : ['--import', 'tsx', 'apps/api/src/cli.ts'];
  const child = spawn(process.execPath, [...entry, 'start'], {
    cwd: repoRoot(),
    // A clean environment: only what this server should see.
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      RATE_LIMITS: 'off',
      SEED_DEMO: '0',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: `${opts.dataDir}/no-web`,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in 60 s:\n${output}`)), 60_000);
    const onData = () => {
      if (output.includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  const done = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    url,
    port,
    output: () => output,
    stop: async () => {
      if (!done()) child.kill('SIGTERM');
      await exited;
    },
    kill9: async () => {
      if (!done()) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** One JSON call over real HTTP; a refused connection (a killed server) rejects. */
export async function call(base: string, method: string, path: string, opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (the login failure) stays text.
  }
  return { status: res.status, body, text, headers: res.headers };
}

export interface TwoHosts {
  servers: ServerProcess[];
  /** The tests' own handle on the hosts' database. */
  database: Database;
  close(): Promise<void>;
}

/** Two server processes on one fresh, migrated PostgreSQL database, for the tests that race across hosts. */
export async function twoHostsOnPostgres(name: string, env: Record<string, string> = {}): Promise<TwoHosts> {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const pgDb = await createPostgresDatabase(testDatabaseUrl()!);
  const database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
  await migrate(database);
  const servers = await Promise.all(['a', 'b'].map((host) => startServer({ databaseUrl: pgDb.url, dataDir: join(dataDir, host), env })));
  return {
    servers,
    database,
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      await database.close();
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
