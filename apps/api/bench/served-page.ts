/**
 * The served page's cost (issue 17, docs/performance.md): requests per second and p99 of a product
 * page with its head filled in, of `/`, and of `/login`, which the server still sends as the plain
 * built index.html exactly as every page was sent before. One server, the demo catalogue, the built
 * web app. Run: `node --import tsx apps/api/bench/served-page.ts [seconds] [connections]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Request } from 'autocannon';
import { startServer } from './server.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-served-page-'));
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });
try {
  const list = (await (await fetch(`${server.url}/api/products?_per_page=1`)).json()) as { products: { id: number }[] };
  const id = list.products[0]!.id;
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  console.log(`| page | req/s | p50 ms | p99 ms |\n|---|---|---|---|`);
  for (const [name, path] of [
    ['/login (plain index.html, as before)', '/login'],
    ['/ (head filled)', '/'],
    [`/product-detail/:id (head filled, cached)`, `/product-detail/${id}`],
    ['/product-detail/:id, a new id each time (uncached)', `/product-detail/[<id>]`],
  ] as const) {
    const opts = { url: `${server.url}${path}`, connections, headers };
    await autocannon({ ...opts, duration: 2 });
    // Ids of the catalogue round-robin, so the cache rarely holds the asked-for page (500 entries).
    const uncached = path.includes('[<id>]');
    let n = 0;
    const r = await autocannon({
      ...opts,
      duration: seconds,
      ...(uncached ? { url: server.url, requests: [{ setupRequest: (req: Request) => ({ ...req, path: `/product-detail/${id + (n++ % 1000)}` }) }] } : {}),
    } as Options);
    console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} |`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
