import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { promisify } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ProductList } from '@shop/shared';
import { migrate, openDatabase, type Database } from '../../src/db/client.ts';
import { cartItems } from '../../src/modules/cart/cart.table.ts';
import { orders } from '../../src/modules/orders/orders.table.ts';
import { products } from '../../src/modules/products/products.table.ts';
import { createPostgresDatabase, TEST_PASSWORD } from '../app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../commerce.ts';
import { freePort, startServer, type ServerProcess } from './servers.ts';

// PostgreSQL pass only (vitest.config.ts): the test runs a PostgreSQL cluster of its own, from the
// installed binaries, and stops and restarts it; the shared test server is never touched.

const run = promisify(execFile);
/** The servers' REQUEST_TIMEOUT_SECONDS: no request may take longer to be answered. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Longer than the pool's connect timeout, the listener's retry and the mail worker's poll. */
const OUTAGE_MS = 8000;
const PROCESSES = 2;

interface Cluster {
  /** The URL of a database on this cluster. */
  url(database: string): string;
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest PostgreSQL installed (Debian lays out /usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL binaries under ${root}`);
  return join(root, newest, 'bin');
}

/** initdb and pg_ctl on a free port of 127.0.0.1, with trust authentication and no shared socket folder. */
async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-restart-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, its files and processes are the postgres user's.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);
  const ctl = async (...args: string[]) => {
    await tool('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  };
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-locale', '-E', 'UTF8']);
  const port = await freePort();
  // In the configuration file, so that every start and restart listens where the first did.
  appendFileSync(join(data, 'postgresql.conf'), `\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${dir}'\n`);
  await ctl('start');
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: () => ctl('-m', 'fast', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('start'),
    destroy: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function until<T>(what: string | (() => string), timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await pause(50);
  }
}

interface Answer {
  path: string;
  status: number;
  body: unknown;
  retryAfter: string | null;
  started: number;
  ended: number;
}

/** One JSON request, given up (status 0) after the request timeout: a hang shows as an answer of its own. */
async function send(base: string, method: string, path: string, opts: { cookie?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = { ...opts.headers, ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const signal = opts.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, and the assertions on `message` fail.
    }
    return { path, status: res.status, body, retryAfter: res.headers.get('retry-after'), started, ended: Date.now() };
  } catch (err) {
    if (signal.aborted && !opts.signal) return { path, status: 0, body: 'no answer', retryAfter: null, started, ended: Date.now() };
    throw err;
  }
}

interface Probe {
  status: number;
  body: unknown;
  pid: number;
}

/**
 * A GET on a connection of its own (the cluster's primary hands each new connection to the next
 * process), tagged so that the server's request log (LOG_LEVEL=info) tells which process answered.
 */
async function probe(server: ServerProcess, path: string): Promise<Probe> {
  const tag = randomBytes(6).toString('hex');
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: `${path}${path.includes('?') ? '&' : '?'}probe=${tag}`, agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within the request timeout`)));
    req.on('error', reject);
    req.end();
  });
  const pid = await until(`the log line of ${path}`, 5000, () => {
    const out = server.output();
    const at = out.indexOf(`probe=${tag}"`);
    if (at < 0) return undefined;
    const line = out.slice(out.lastIndexOf('\n', at) + 1, out.indexOf('\n', at));
    return (JSON.parse(line) as { pid: number }).pid;
  });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text.
  }
  return { status, body, pid };
}

/** Probes until the latest answer of every process passes `ok`; the answers, by process id. */
async function fromEachProcess(server: ServerProcess, path: string, timeoutMs: number, ok: (p: Probe) => boolean): Promise<Map<number, Probe>> {
  const latest = new Map<number, Probe>();
  return until(() => `every process to answer ${path} as expected (latest: ${JSON.stringify([...latest])})`, timeoutMs, async () => {
    const p = await probe(server, path);
    latest.set(p.pid, p);
    return latest.size >= PROCESSES && [...latest.values()].every(ok) ? latest : undefined;
  });
}

interface Fixture {
  shoppers: { id: number; cookie: string; email: string }[];
  admin: string;
  productIds: number[];
  /** Edited by the admin after the restart: every process must see the edit. */
  watched: number;
}

async function seed(database: Database, shoppers: number): Promise<Fixture> {
  const productIds: number[] = [];
  for (let i = 0; i < 3; i++) productIds.push((await insertProduct(database.db, { title: `Outage Saree ${i}`, stock: 100_000, sizes: [42] })).id);
  const watched = (await insertProduct(database.db, { title: 'Restart Saree Before' })).id;
  const people = [];
  for (let i = 0; i < shoppers; i++) {
    const s = await shopper(database.db);
    people.push({ id: s.user.id, cookie: s.cookie, email: s.user.email });
  }
  return { shoppers: people, admin: (await shopper(database.db, 'admin')).cookie, productIds, watched };
}

interface Attempt {
  shopper: number;
  key: string;
  order?: Order;
}

/** Shoppers adding a line and placing a cash order with an Idempotency-Key, in a loop, until stopped. */
function streamOrders(server: ServerProcess, f: Fixture) {
  const attempts: Attempt[] = [];
  const answers: Answer[] = [];
  let stopped = false;
  const loops = f.shoppers.map(async (s, i) => {
    for (let n = 0; !stopped; n++) {
      const product = f.productIds[(i + n) % f.productIds.length]!;
      const line = await send(server.url, 'POST', '/api/cart', { cookie: s.cookie, body: { product, quantity: 1, color: '#aa2233', size: 42 } });
      answers.push(line);
      if (line.status !== 201 && line.status !== 409) {
        // The shop asked to try again later: a shopper does, a moment after.
        await pause(100);
        continue;
      }
      const attempt: Attempt = { shopper: i, key: `restart-${i}-${n}` };
      attempts.push(attempt);
      const placed = await send(server.url, 'POST', '/api/orders', { cookie: s.cookie, body: orderPayload('cash'), headers: { 'idempotency-key': attempt.key } });
      answers.push(placed);
      if (placed.status === 201) attempt.order = placed.body as Order;
    }
  });
  return {
    attempts,
    answers,
    placed: () => attempts.filter((a) => a.order).length,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The order numbers of the confirmation mails written to the outbox so far (`seen`: file name to order). */
function mailedOrders(outbox: string, seen: Map<string, number>): Set<number> {
  for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
    if (seen.has(file)) continue;
    // A file still being written, or another mail (a low-stock alert), is read again next time.
    const id = /order #(\d+) is placed/.exec(readFileSync(join(outbox, file), 'utf8').replace(/\r\n[ \t]+/g, ' '))?.[1];
    if (id !== undefined) seen.set(file, Number(id));
  }
  return new Set(seen.values());
}

/** The application_name of the test's own connections. */
const TEST_CONNECTIONS = 'restart-test';

/** The server's connections to its database (the test's own left out) that match `where`. */
async function serverBackends(database: Database, where: string): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name <> ${TEST_CONNECTIONS} and ${sql.raw(where)}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/**
 * Shoppers browsing, signing in and looking at their orders, every other request given up by its
 * client within a few milliseconds; none touches a cart. Runs until stopped.
 */
function loadWithGiveUps(server: ServerProcess, shoppers: Fixture['shoppers']) {
  const tally = { answered: 0, abandoned: 0 };
  let stopped = false;
  const requests = [
    () => ['GET', '/api/products?search=Outage', undefined] as const,
    (i: number) => ['POST', '/api/auth/login', { email: shoppers[i]!.email, password: TEST_PASSWORD }] as const,
    () => ['GET', '/api/auth/check', undefined] as const,
    () => ['GET', '/api/orders/owner', undefined] as const,
  ];
  const loops = shoppers.map(async (s, i) => {
    for (let n = 0; !stopped; n++) {
      const [method, path, body] = requests[(i + n) % requests.length]!(i);
      const signal = n % 2 ? AbortSignal.timeout(2 + ((i + n) % 5) * 8) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      try {
        // A sign-in with a cookie would end that session: it goes without.
        await send(server.url, method, path, { cookie: body ? undefined : s.cookie, body, signal });
        tally.answered++;
      } catch {
        // Given up by the client, or refused once the server stopped listening.
        tally.abandoned++;
        await pause(10);
      }
    }
  });
  return {
    answered: () => tally.answered,
    abandoned: () => tally.abandoned,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

let cluster: Cluster | undefined;
let clusterDown = false;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `shop-pg-restart-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  cluster = await startCluster();
}, 60_000);

afterAll(async () => {
  if (clusterDown) await cluster?.start();
  await cluster?.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

interface Sale {
  stream: ReturnType<typeof streamOrders>;
  pids: { before: number[]; after: number[] };
  /** When the database was fully stopped, and when it was asked to start again. */
  downFrom: number;
  downUntil: number;
  readyWhileDown: Probe[];
  /** From the database's return to both processes' readiness. */
  readyAfterMs: number;
}

const pidsOf = async (server: ServerProcess) => [...(await fromEachProcess(server, '/api/ready', 10_000, (p) => p.status === 200)).keys()].sort();

/**
 * Orders stream in while PostgreSQL restarts (the transactions in flight are cut), then stops for
 * OUTAGE_MS and starts again; the shoppers go on until orders are placed after each event.
 */
async function sellThroughRestarts(server: ServerProcess, f: Fixture): Promise<Sale> {
  const before = await pidsOf(server);
  const stream = streamOrders(server, f);
  const placedSince = async (what: string, from: number) => until(`orders ${what}`, 20_000, () => (stream.placed() >= from + 10 ? true : undefined));
  await placedSince('before the restart', 0);
  await cluster!.restart();
  await placedSince('after the restart', stream.placed());
  await cluster!.stop();
  clusterDown = true;
  const downFrom = Date.now();
  const readyWhileDown = [...(await fromEachProcess(server, '/api/ready', 10_000, (p) => p.status === 503)).values()];
  await until('the shoppers to meet the outage', OUTAGE_MS + 10_000, () =>
    Date.now() - downFrom >= OUTAGE_MS && stream.answers.filter((a) => a.started >= downFrom).length >= 10 ? true : undefined,
  );
  const downUntil = Date.now();
  await cluster!.start();
  clusterDown = false;
  const back = Date.now();
  await fromEachProcess(server, '/api/ready', 5000, (p) => p.status === 200);
  const readyAfterMs = Date.now() - back;
  await placedSince('after the outage', stream.placed());
  await stream.stop();
  return { stream, pids: { before, after: await pidsOf(server) }, downFrom, downUntil, readyWhileDown, readyAfterMs };
}

describe('PostgreSQL restarting and stopping during a sale, under two server processes', () => {
  let database: Database;
  let server: ServerProcess | undefined;
  let f: Fixture;
  let dataDir: string;
  let sale: Sale | undefined;
  const theSale = () => sale ?? expect.fail('the sale through the restarts did not run');

  beforeAll(async () => {
    const pgDb = await createPostgresDatabase(cluster!.url('postgres'));
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
    await migrate(database);
    f = await seed(database, 8);
    dataDir = tempDir('sale');
    server = await startServer({
      databaseUrl: pgDb.url,
      dataDir,
      // Info: the request log names the process that answered each probe.
      env: { WEB_CONCURRENCY: String(PROCESSES), PRODUCT_CACHE: 'on', LOG_LEVEL: 'info', REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000) },
    });
    const s = server;
    await until('both processes', 60_000, () => (s.output().split('is open at').length > PROCESSES ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    if (clusterDown) {
      await cluster?.start();
      clusterDown = false;
    }
    await server?.stop();
    await database?.close();
  }, 60_000);

  it('answers 503 with a message and a Retry-After while it is away, never a 500, a 400 or a hang, and both processes recover by themselves', async () => {
    sale = await sellThroughRestarts(server!, f);
    const { stream, downFrom, downUntil } = sale;
    expect(sale.pids.after).toEqual(sale.pids.before);
    expect(server!.child.exitCode).toBeNull();
    expect(sale.readyWhileDown.map((p) => p.status)).toEqual(Array(PROCESSES).fill(503));
    expect(sale.readyAfterMs).toBeLessThan(5000);
    const during = stream.answers.filter((a) => a.started >= downFrom && a.ended <= downUntil);
    expect(during.length).toBeGreaterThanOrEqual(10);
    const unlike503 = (a: Answer) => a.status !== 503 || typeof (a.body as { message?: unknown }).message !== 'string' || !a.retryAfter;
    expect(during.filter(unlike503)).toEqual([]);
    // Status 0: no answer within the request timeout.
    expect(stream.answers.filter((a) => ![201, 409, 503].includes(a.status))).toEqual([]);
  }, 90_000);

  it('keeps every order acknowledged with 201, and a retry of every attempt with its key makes no second order', async () => {
    const { attempts } = theSale().stream;
    const acknowledged = attempts.flatMap((a) => (a.order ? [a.order] : []));
    const found = await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acknowledged.map((o) => o.id)));
    expect(found.map((r) => r.id).sort((x, y) => x - y)).toEqual(acknowledged.map((o) => o.id).sort((x, y) => x - y));
    // With the carts empty, a retry can only replay the order its key made, or make none.
    await database.db.delete(cartItems);
    const before = await database.db.$count(orders);
    const wrong = [];
    for (const a of attempts) {
      const res = await send(server!.url, 'POST', '/api/orders', { cookie: f.shoppers[a.shopper]!.cookie, body: orderPayload('cash'), headers: { 'idempotency-key': a.key } });
      const replayed = res.status === 201 && (!a.order || (res.body as Order).id === a.order.id);
      if (!replayed && !(res.status === 400 && !a.order)) wrong.push({ key: a.key, status: res.status });
    }
    expect(wrong).toEqual([]);
    expect(await database.db.$count(orders)).toBe(before);
  });

  it('sends the confirmation mail of every acknowledged order: the job queue resumed', async () => {
    const acknowledged = theSale().stream.attempts.flatMap((a) => (a.order ? [a.order.id] : []));
    const seen = new Map<string, number>();
    const missing = () => {
      const mailed = mailedOrders(join(dataDir, 'outbox'), seen);
      return acknowledged.filter((id) => !mailed.has(id));
    };
    await until(() => `the mails of orders ${missing().join(', ')}`, 30_000, () => (missing().length === 0 ? true : undefined));
  });

  it('hears product edits again in both processes: their caches serve, and an admin’s edit is seen within 3 s', async () => {
    theSale();
    const s = server!;
    const list = '/api/products?search=Restart%20Saree';
    const first = (p: Probe) => (p.body as ProductList).products[0];
    // Only a live listener turns a cache on: a change made without a notification then goes unseen.
    let round = 0;
    await until('the product caches to serve again', 15_000, async () => {
      const cached = await fromEachProcess(s, list, 5000, (p) => p.status === 200);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(products).set({ description: `Unannounced change ${++round}` }).where(eq(products.id, f.watched));
      });
      const again = await fromEachProcess(s, list, 5000, (p) => p.status === 200);
      return [...cached].every(([pid, p]) => first(again.get(pid)!)?.description === first(p)?.description) ? true : undefined;
    });
    const edit = await send(s.url, 'PATCH', `/api/products/${f.watched}`, { cookie: f.admin, body: { title: 'Restart Saree After' } });
    expect(edit.status).toBe(200);
    const edited = Date.now();
    await fromEachProcess(s, list, 3000, (p) => first(p)?.title === 'Restart Saree After');
    expect(Date.now() - edited).toBeLessThan(3000);
  });
});

describe('SIGTERM under load, with clients that give up', () => {
  let database: Database | undefined;
  let server: ServerProcess | undefined;
  let locker: pg.Client | undefined;
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.kill9();
    await database?.close();
  });

  it('lets the requests whose clients have gone finish with the database before the pool closes, logs no error and exits 0', async () => {
    const pgDb = await createPostgresDatabase(cluster!.url('postgres'));
    // The test's own connections are named, to tell the server's apart.
    const url = `${pgDb.url}?application_name=${TEST_CONNECTIONS}`;
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    await migrate(database);
    const f = await seed(database, 12);
    server = await startServer({ databaseUrl: pgDb.url, dataDir: tempDir('drain'), env: { LOG_LEVEL: 'info' } });
    const s = server;
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
    // Orders held on a lock the test takes, whose clients give up before the stop; the other
    // shoppers' load goes on around them.
    const held = f.shoppers.slice(0, 3);
    const load = loadWithGiveUps(s, f.shoppers.slice(held.length));
    await until('load with clients giving up', 30_000, () => (load.answered() >= 30 && load.abandoned() >= 10 ? true : undefined));
    for (const h of held) await insertCartLine(database.db, h.id, f.productIds[0]!);
    locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table cart_items in access exclusive mode');
    const giveUp = new AbortController();
    const heldOrders = held.map((h, i) =>
      send(s.url, 'POST', '/api/orders', { cookie: h.cookie, body: orderPayload('cash'), headers: { 'idempotency-key': `held-${i}` }, signal: giveUp.signal }).catch(() => undefined),
    );
    await until('the orders to wait on the lock', 10_000, async () => ((await serverBackends(database!, "wait_event_type = 'Lock'")) >= held.length ? true : undefined));
    giveUp.abort();
    await Promise.all(heldOrders);
    s.child.kill('SIGTERM');
    // Either the server waits for them, or it has closed its pool's idle connections meanwhile.
    await until('the shutdown to reach the held requests', 15_000, async () =>
      s.output().includes('waiting for the requests still running') || (await serverBackends(database!, 'true')) <= held.length ? true : undefined,
    );
    await locker.query('commit');
    const code = await exited;
    await load.stop();

    const output = s.output();
    expect(output).not.toContain('Cannot use a pool after calling end');
    const errors = output.split('\n').filter((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number }).level >= 50 : /error/i.test(line)));
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(output).toContain('Closed.');
    // The held requests ran to their end: their orders are placed.
    expect(await database.db.$count(orders, inArray(orders.userId, held.map((h) => h.id)))).toBe(held.length);
  }, 60_000);
});
