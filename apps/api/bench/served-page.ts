/**
 * The served page's cost (issue 17, docs/performance.md): requests per second and p99 of a product
 * page with its head filled in (and, for a signed-in shopper, its first paint: decision 024), of `/`
 * (head and first paint), and of `/login`, which the server still sends as the plain
 * built index.html exactly as every page was sent before. The demo catalogue, the built web app, the
 * production server; then again with PRODUCT_CACHE=off, every product page rendered afresh.
 * Run: `node --import tsx apps/api/bench/served-page.ts [seconds] [connections]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { startServer } from './server.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const headers = { 'accept-encoding': 'gzip, deflate, br' };

async function measure(url: string, paths: string[], cookie?: string) {
  let n = 0;
  const requests: Request[] = [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }];
  const sent = cookie ? { ...headers, cookie } : headers;
  await autocannon({ url, connections, headers: sent, duration: 2, requests });
  const r = await autocannon({ url, connections, headers: sent, duration: seconds, requests });
  return `${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx}`;
}

console.log(`| page | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|`);
for (const cache of ['on', 'off']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-served-page-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1', PRODUCT_CACHE: cache });
  try {
    const list = (await (await fetch(`${server.url}/api/products?_per_page=100`)).json()) as { products: { id: number }[] };
    const ids = list.products.map((p) => `/product-detail/${p.id}`);
    // A shopper's session (the production seed makes no account): a product page with a session
    // cookie carries its first paint.
    const shopper = { name: 'Meera Iyer', email: 'meera@bench.example', password: 'Secret123', phoneNumber: '+919876543210' };
    const post = (path: string, body: object) =>
      fetch(`${server.url}/api/auth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });
    await post('signup', { ...shopper, addresses: [], role: 'user' });
    const login = await post('login', { email: shopper.email, password: shopper.password });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`signing in failed: ${login.status} ${await login.text()}`);
    if (cache === 'on') {
      console.log(`| /login (the plain index.html, as every page before) | ${await measure(server.url, ['/login'])} |`);
      console.log(`| / (head filled, first paint) | ${await measure(server.url, ['/'])} |`);
      console.log(`| /product-detail/:id, ${ids.length} products (head filled, product cache) | ${await measure(server.url, ids)} |`);
      console.log(`| /product-detail/:id, ${ids.length} products, signed in (head and first paint, product cache) | ${await measure(server.url, ids, cookie)} |`);
    } else {
      console.log(`| /product-detail/:id, ${ids.length} products, PRODUCT_CACHE=off (read, rendered, compressed each time) | ${await measure(server.url, ids)} |`);
      console.log(`| /product-detail/:id, ${ids.length} products, signed in, PRODUCT_CACHE=off (first paint drawn each time) | ${await measure(server.url, ids, cookie)} |`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
