import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import pg from 'pg';
import { migrate, openDatabase, type Db } from '../src/db/client.ts';
import { promotions } from '../src/modules/promotions/promotions.table.ts';
import { readEnv, repoRoot } from '../src/env.ts';
import { CATALOGUE_DIR } from '../src/db/seed/catalogue.ts';
import { renderCatalogueImages } from '../src/db/seed/index.ts';
import {
  BENCH_PASSWORD,
  BENCH_SEED,
  checkoutEmail,
  loadCatalogue,
  raw,
  saleAccounts,
  stockDeals,
  stockHotProducts,
  type HotProduct,
} from './load.ts';
import { parseOptions, USAGE, type BenchOptions, type Target } from './options.ts';
import { formatReport, goals, type MemorySample, type Report, type TargetReport } from './report.ts';
import { startCeiling } from './ceiling.ts';
import { runSaleHour } from './sale-hour.ts';
import {
  BENCH_CODE,
  runScenario,
  SCENARIOS,
  type ScenarioContext,
  type ScenarioResult,
  type Shopper,
} from './scenarios.ts';
import { startServer, type RunningServer } from './server.ts';
import { longTail, readCatalogue, type Catalogue } from './traffic.ts';
import { ensureWebBuilt, firstVisit, gridTimings, layoutShifts, lighthouseScores, type WebResult } from './web.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The sale hour's doorbusters and the stock each starts with. */
const DEALS = 20;
const DEAL_STOCK = 500;
/** Past-order shoppers: enough that the orders spread like a real shop's. */
const SHOPPERS = 500;
/** One shopper per connection for each round (warm-up, measured run, check): no two connections share a cart. */
const buyers = (opts: BenchOptions) => opts.connections * 3;

async function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.setTimeout(1000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** The PostgreSQL server to create the benchmark's database on: DATABASE_URL's, else this machine's when it answers. */
async function postgresServer(): Promise<string | undefined> {
  const configured = readEnv().databaseUrl;
  if (configured) return configured;
  return (await answers('127.0.0.1', 5432)) ? LOCAL_POSTGRES : undefined;
}

async function adminQuery(baseUrl: string, text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** Pictures are drawn once per machine into a cache (their names carry seed and drawing version), then copied. */
async function catalogueImages(uploadsDir: string): Promise<number> {
  const t = performance.now();
  const cache = join(tmpdir(), 'shop-bench-pictures');
  await renderCatalogueImages(cache, BENCH_SEED);
  mkdirSync(uploadsDir, { recursive: true });
  cpSync(join(cache, CATALOGUE_DIR), join(uploadsDir, CATALOGUE_DIR), { recursive: true });
  return (performance.now() - t) / 1000;
}

async function login(url: string, email: string): Promise<Shopper> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 200 || !sid)
    throw new Error(`Login of ${email} failed: ${res.status} ${await res.text()}`);
  return { cookie: `sid=${sid}` };
}

async function getJson<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface OrderJson {
  items: { quantity: number; product: { id: number } }[];
}

/** Units of each product in the shoppers' orders, read through the API (works on PGlite, whose folder the server holds). */
async function orderedUnits(
  url: string,
  shoppers: Shopper[],
): Promise<{ orders: number; units: Map<number, number> }> {
  const units = new Map<number, number>();
  let orders = 0;
  for (const s of shoppers) {
    for (let page = 1; ; page++) {
      const list = await getJson<{ orders: OrderJson[]; totalOrders: number }>(
        `${url}/api/orders/owner?_page=${page}&_per_page=1000`,
        s.cookie,
      );
      for (const o of list.orders)
        for (const i of o.items) units.set(i.product.id, (units.get(i.product.id) ?? 0) + i.quantity);
      orders += list.orders.length;
      if (page * 1000 >= list.totalOrders) break;
    }
  }
  return { orders, units };
}

/** Each hot product's stock and its bought variant's, as the shop serves them. */
async function stocks(url: string, hot: HotProduct[]): Promise<Map<number, { stock: number; variant: number }>> {
  const out = new Map<number, { stock: number; variant: number }>();
  for (const p of hot) {
    const served = await getJson<{ stock: number; variants: { id: number; stock: number }[] }>(`${url}/api/products/${p.id}`);
    out.set(p.id, { stock: served.stock, variant: served.variants.find((v) => v.id === p.variantId)!.stock });
  }
  return out;
}

/**
 * No unit sold twice: for every product the checkout bought, the stock it lost equals the units in
 * placed orders. Requests cut off when the run ended may still commit, so both sides are read until
 * two readings in a row agree.
 */
async function stockCheck(
  url: string,
  hot: HotProduct[],
  shoppers: Shopper[],
): Promise<NonNullable<TargetReport['checkout']>> {
  let previous = '';
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { orders, units } = await orderedUnits(url, shoppers);
    const now = await stocks(url, hot);
    const reading = JSON.stringify([orders, [...units], [...now]]);
    if (reading === previous || Date.now() > deadline) {
      let unitsOrdered = 0;
      let stockTaken = 0;
      let oversold = false;
      let negativeStock = false;
      for (const p of hot) {
        const left = now.get(p.id)!;
        const taken = p.stock - left.stock;
        const ordered = units.get(p.id) ?? 0;
        unitsOrdered += ordered;
        stockTaken += taken;
        // Every unit bought was of the one variant: its stock lost the same.
        if (taken !== ordered || p.variantStock - left.variant !== ordered) oversold = true;
        if (left.stock < 0 || left.variant < 0) negativeStock = true;
      }
      return { ordersCounted: orders, unitsOrdered, stockTaken, oversold, negativeStock };
    }
    previous = reading;
  }
}

function brokenScenario(target: Target, s: ScenarioResult): string | undefined {
  const bad = [];
  if (s.requests + (s.checked ?? 0) === 0) bad.push('no responses');
  if (s.non2xx)
    bad.push(
      `${s.non2xx} non-2xx (${Object.entries(s.statusCodes)
        .map(([c, n]) => `${c}×${n}`)
        .join(', ')})`,
    );
  if (s.errors) bad.push(`${s.errors} connection errors or timeouts`);
  if (s.mismatches) bad.push(`${s.mismatches} unexpected bodies`);
  if (s.non2xx && s.refusal) bad.push(`first: ${s.refusal}`);
  return bad.length ? `${target} ${s.name}: ${bad.join('; ')}` : undefined;
}

interface Prepared {
  env: Record<string, string>;
  dataDir: string;
  hot: HotProduct[];
  catalogue: Catalogue;
  load: TargetReport['load'];
  cleanup(): Promise<void>;
}

/**
 * docs/product.md, Promotions: every measured page carries a sale, and the checkouts with a code spend one
 * with a per-shopper limit (checked under that shopper's lock), as a festival's shop would have them.
 */
async function startPromotions(db: Db): Promise<void> {
  const startsAt = new Date(Date.now() - 86_400_000);
  await db.insert(promotions).values([
    { name: 'Festival Sale', kind: 'percent', valueHundredths: 2000, startsAt },
    { name: 'Bench code', kind: 'percent', valueHundredths: 1000, code: BENCH_CODE, perCustomerLimit: 1000, startsAt },
  ]);
}

/** A fresh database with the catalogue: a new PostgreSQL database, or a new PGlite folder. */
async function prepare(target: Target, opts: BenchOptions, pgServer: string | undefined): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (target === 'postgres') {
    const name = `shop_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(pgServer!, `create database ${name}`);
    const url = new URL(pgServer!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await adminQuery(pgServer!, `drop database if exists ${name} with (force)`);
    };
  }
  const cleanup = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({
      databaseUrl,
      pgliteDir: databaseUrl ? undefined : join(dataDir, 'db'),
      poolSize: 4,
    });
    let timings;
    let hot;
    let catalogue;
    try {
      await migrate(database);
      timings = await loadCatalogue(database, opts.products, opts.orders, SHOPPERS, buyers(opts));
      hot = await stockHotProducts(database, opts.products);
      await startPromotions(database.db);
      catalogue = await readCatalogue(raw(database));
    } finally {
      await database.close();
    }
    const images = opts.web ? await catalogueImages(join(dataDir, 'uploads')) : 0;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      WEB_CONCURRENCY: String(target === 'postgres' ? opts.workers : 1),
    };
    return { env, dataDir, hot, catalogue, load: { ...timings, images }, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function measureWeb(
  server: RunningServer,
  shopper: Shopper,
  lighthouse: boolean,
): Promise<WebResult | undefined> {
  const size = await firstVisit();
  if (!lighthouse) return { firstVisitJs: size.js, firstVisitCss: size.css, lighthouse: [] };
  const home = `${server.url}/`;
  const product = `${server.url}/product-detail/1`;
  const scores = await lighthouseScores(
    (['desktop', 'mobile'] as const).flatMap((preset) => [
      { page: 'home', url: home, preset },
      { page: 'product page', url: product, cookie: shopper.cookie, preset },
    ]),
  );
  // Issue 17's phone figures, every shopper page signed in as the checkout's shopper (cart and orders).
  const signedIn = (page: string, path: string) => ({ page, url: `${server.url}${path}`, cookie: shopper.cookie });
  const phone = {
    grid: await gridTimings([{ page: 'home', url: home }]),
    shifts: await layoutShifts([
      { page: 'home', url: home },
      signedIn('product', '/product-detail/1'),
      signedIn('cart', '/cart'),
      signedIn('checkout', '/checkout'),
      signedIn('orders', '/orders'),
      signedIn('profile', '/profile'),
      { page: 'login', url: `${server.url}/login` },
      { page: 'signup', url: `${server.url}/signup` },
      { page: 'not found', url: `${server.url}/404` },
    ]),
  };
  return { firstVisitJs: size.js, firstVisitCss: size.css, lighthouse: scores, phone };
}

async function runTarget(
  target: Target,
  opts: BenchOptions,
  pgServer: string | undefined,
  withWeb: boolean,
): Promise<{ report: TargetReport; web: WebResult | undefined; problems: string[] }> {
  const label = target === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${label}: loading ${opts.products.toLocaleString('en')} products and ${opts.orders.toLocaleString('en')} orders…`,
  );
  const prepared = await prepare(target, opts, pgServer);
  // Ctrl-C still stops the server and drops the benchmark's database.
  const interrupted = () => {
    void (async () => {
      await ceilingServer?.stop();
      await server?.stop();
      await prepared.cleanup();
      process.exit(130);
    })();
  };
  process.once('SIGINT', interrupted);
  const problems: string[] = [];
  let server: RunningServer | undefined;
  let ceilingServer: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const l = prepared.load;
    console.log(
      `  loaded: products ${l.products.toFixed(1)} s, orders ${l.orders.toFixed(1)} s, vacuum analyze ${l.analyze.toFixed(1)} s, pictures ${l.images.toFixed(1)} s`,
    );
    server = await startServer(prepared.env);
    ceilingServer = await startCeiling();
    const shoppers: Shopper[] = [];
    for (let n = 1; n <= buyers(opts); n++) shoppers.push(await login(server.url, checkoutEmail(n)));
    const running = server;
    const ctx: ScenarioContext = {
      url: server.url,
      ceilingUrl: ceilingServer.url,
      traffic: longTail(prepared.catalogue, BENCH_SEED),
      cacheCounts: () => running.cacheCounts(),
      products: opts.products,
      connections: opts.connections,
      seconds: opts.seconds,
      shoppers,
      hot: prepared.hot,
    };
    const scenarios: ScenarioResult[] = [];
    let ceiling: number | undefined;
    for (const s of SCENARIOS) {
      if (opts.only.length && !opts.only.includes(s.key)) continue;
      const r = await runScenario(s, ctx, ceiling);
      if (s.key === 'ceiling') ceiling = r.requestsPerSecond;
      scenarios.push(r);
      console.log(
        `  ${r.name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.ordersPerSecond !== undefined ? `, ${r.ordersPerSecond.toFixed(0)} orders/s` : ''}${r.cacheHitRate !== undefined ? `, cache hits ${(r.cacheHitRate * 100).toFixed(0)} %` : ''}`,
      );
      const broken = brokenScenario(target, r);
      if (broken) problems.push(broken);
    }
    const checkout = await stockCheck(server.url, prepared.hot, shoppers);
    if (checkout.oversold || checkout.negativeStock) {
      problems.push(
        `${target} checkout: ${checkout.stockTaken} units left the stock for ${checkout.unitsOrdered} units ordered`,
      );
    }
    const web = withWeb ? await measureWeb(server, shoppers[0]!, opts.lighthouse) : undefined;
    const peakMemoryBytes = server.peakMemory();
    let saleHour: TargetReport['saleHour'];
    if (target === 'postgres' && opts.saleHour) {
      await server.stop();
      saleHour = await saleHourRun(prepared, opts, ctx.traffic, (s) => (server = s));
      // Shoppers turned away or cut off by an overloaded machine are timing, not breakage.
      const broken = saleHour.errors - saleHour.turnedAway - saleHour.unfinished;
      if (broken > 0)
        problems.push(`${target} sale hour: ${broken} errors (${saleHour.errorSamples.join(' | ')})`);
      if (saleHour.oversoldUnits || saleHour.lostUnits)
        problems.push(
          `${target} sale hour: ${saleHour.oversoldUnits} units ordered without stock, ${saleHour.lostUnits} taken for no order`,
        );
    }
    const report: TargetReport = {
      target,
      products: opts.products,
      orders: opts.orders,
      load: prepared.load,
      scenarios,
      peakMemoryBytes,
      checkout: scenarios.some((x) => x.key === 'checkout') ? checkout : undefined,
      saleHour,
      workers: Number(prepared.env.WEB_CONCURRENCY),
    };
    return { report, web, problems };
  } catch (err) {
    if (server) console.error(server.output());
    throw err;
  } finally {
    process.off('SIGINT', interrupted);
    await ceilingServer?.stop();
    await server?.stop();
    await prepared.cleanup();
  }
}

/**
 * The sale hour on its own server (WEB_CONCURRENCY processes, as a busy shop runs): signed-in
 * shoppers and an admin, doorbusters with little stock, then the open-model load.
 */
async function saleHourRun(
  prepared: Prepared,
  opts: BenchOptions,
  traffic: ScenarioContext['traffic'],
  started: (server: RunningServer) => void,
): Promise<NonNullable<TargetReport['saleHour']>> {
  const sale = opts.saleHour!;
  const database = await openDatabase({ databaseUrl: prepared.env.DATABASE_URL, poolSize: 2 });
  try {
    // Enough accounts for every shopper in the shop at once, even when replies slow down.
    const accounts = await saleAccounts(database, Math.min(10_000, Math.max(200, Math.ceil(sale.rate * 10))));
    const deals = await stockDeals(database, opts.products, DEALS, DEAL_STOCK);
    console.log(
      `  sale hour: ${sale.rate} shoppers/s for ${sale.minutes} min, ${sale.workers} server processes, ${deals.length} doorbusters of ${DEAL_STOCK} units…`,
    );
    const server = await startServer({ ...prepared.env, WEB_CONCURRENCY: String(sale.workers) });
    started(server);
    const memory = memoryEachMinute(server);
    const result = await runSaleHour({
      url: server.url,
      rate: sale.rate,
      seconds: sale.minutes * 60,
      accounts,
      traffic,
      deals,
      db: raw(database),
      seed: BENCH_SEED,
    });
    const steps = result.steps.map((x) => `${x.step} p99 ${x.p99} ms`).join(', ');
    console.log(
      `  sale hour: ${result.ordersPerSecond.toFixed(0)} orders/s (lowest 10 s: ${result.sustainedOrdersPerSecond.toFixed(0)}), ${result.errors} errors; ${steps}`,
    );
    return { ...result, workers: sale.workers, peakMemoryBytes: server.peakMemory(), memoryByMinute: memory.stop() };
  } finally {
    await database.close();
  }
}

/** Each process's resident memory once a minute, printed as it comes (a soak run's growth). */
function memoryEachMinute(server: RunningServer): { stop(): MemorySample[] } {
  const samples: MemorySample[] = [];
  const timer = setInterval(() => {
    const rss = [...server.residentMemory().entries()].map(([pid, bytes]) => ({ pid, bytes }));
    samples.push({ minute: samples.length + 1, rss });
    console.log(`  minute ${samples.length}: ${rss.map((r) => `${r.pid} ${(r.bytes / 1_048_576).toFixed(0)} MB`).join(', ')}`);
  }, 60_000);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

async function postgresVersion(url: string): Promise<string | undefined> {
  const { rows } = await adminQuery(url, 'show server_version');
  return `PostgreSQL ${String((rows[0] as { server_version: string }).server_version).split(' ')[0]}`;
}

/** `npm run bench`: see docs/performance.md. Exits 1 only when a scenario is broken, never on a timing. */
export async function runBench(args: string[]): Promise<number> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(args);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const pgServer = opts.targets.includes('postgres') ? await postgresServer() : undefined;
  const targets = opts.targets.filter((t) => t !== 'postgres' || pgServer);
  if (opts.targets.includes('postgres') && !pgServer)
    console.log('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is unset: PostgreSQL run skipped.');
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  // Before any server starts: the server lists the bundle's files once, at start.
  if (opts.web && !(await ensureWebBuilt())) {
    console.log('The web app is not built and did not build: web figures skipped.');
    opts.web = false;
  }
  const reports: TargetReport[] = [];
  const problems: string[] = [];
  let web: WebResult | undefined;
  for (const [i, target] of targets.entries()) {
    const r = await runTarget(target, opts, pgServer, opts.web && i === 0);
    reports.push(r.report);
    problems.push(...r.problems);
    web ??= r.web;
  }
  const date = new Date().toISOString();
  const report: Report = {
    date,
    machine: {
      cpus: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: { start: loadAtStart, end: loadavg()[0]! },
      ...(pgServer && targets.includes('postgres') ? { postgres: await postgresVersion(pgServer) } : {}),
    },
    options: { ...opts },
    targets: reports,
    web,
    goals: goals(reports, web),
    problems,
  };
  console.log(`\n${formatReport(report)}`);
  const file = opts.json ?? join(repoRoot(), 'bench', 'results', `${date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return problems.length ? 1 : 0;
}
