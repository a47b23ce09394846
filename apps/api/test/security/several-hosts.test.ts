import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Product, ProductList } from '@shop/shared';
import { migrate, openDatabase, type Database } from '../../src/db/client.ts';
import { testDatabaseUrl } from '../database-url.ts';
import { orders } from '../../src/modules/orders/orders.table.ts';
import { createPostgresDatabase } from '../app.ts';
import { insertProduct, orderPayload, shopper } from '../commerce.ts';
import { startTestBucket, type TestBucket } from '../s3.ts';
import { startSmtpServer, type SmtpCapture } from '../smtp.ts';
import { multipart } from './route-cases.ts';
import { call, freePort, startServer, type ServerProcess } from './servers.ts';

// Issue 14, "Proven on several hosts": two API servers, each with its own DATA_DIR (nothing shared on
// disk), behind HAProxy from Debian, on one PostgreSQL, one S3 server and one SMTP server. They are
// two processes on loopback rather than network namespaces: PostgreSQL here listens on 127.0.0.1
// only, which a namespace cannot reach. PostgreSQL pass only (vitest.config.ts).

let pg: { url: string; drop: () => Promise<void> };
let database: Database;
let bucket: TestBucket;
let smtp: SmtpCapture;
let a: ServerProcess;
let b: ServerProcess;
let haproxy: ChildProcess;
let lb: string;
const dirs: string[] = [];

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `shop-hosts-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  pg = await createPostgresDatabase(testDatabaseUrl()!);
  database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
  await migrate(database);
  [bucket, smtp] = await Promise.all([startTestBucket(), startSmtpServer()]);
  const [portA, portB, portLb] = await Promise.all([freePort(), freePort(), freePort()]);
  lb = `http://127.0.0.1:${portLb}`;
  const env = { ...bucket.env, SMTP_URL: smtp.url, PRODUCT_CACHE: 'on', PUBLIC_URL: lb };
  [a, b] = await Promise.all([
    startServer({ databaseUrl: pg.url, dataDir: tempDir('a'), port: portA, env }),
    startServer({ databaseUrl: pg.url, dataDir: tempDir('b'), port: portB, env }),
  ]);
  const config = join(tempDir('lb'), 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 512',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  retries 3',
      '  option redispatch',
      'frontend shop',
      `  bind 127.0.0.1:${portLb}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      // Which host answered, for the test to see both at work.
      '  http-response set-header X-Served-By %s',
      `  server a 127.0.0.1:${portA} check inter 300 fall 2 rise 1`,
      `  server b 127.0.0.1:${portB} check inter 300 fall 2 rise 1`,
      '',
    ].join('\n'),
  );
  haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
  await vi.waitFor(async () => expect((await call(lb, 'GET', '/api/ready')).status).toBe(200), {
    timeout: 20_000,
    interval: 100,
  });
}, 120_000);

afterAll(async () => {
  haproxy?.kill('SIGKILL');
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([bucket?.stop(), smtp?.close()]);
  await database?.close();
  await pg?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('two hosts behind HAProxy on one PostgreSQL and one bucket', () => {
  it('keeps a session made through host A on host B and through the balancer, which uses both', async () => {
    const me = await shopper(database.db);
    const login = await call(a.url, 'POST', '/api/auth/login', {
      body: { email: me.user.email, password: 'Secret123' },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await call(b.url, 'GET', '/api/auth/check', { cookie })).status).toBe(200);
    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await call(lb, 'GET', '/api/auth/check', { cookie });
      expect(res.status).toBe(200);
      servedBy.add(res.headers.get('x-served-by') ?? '');
    }
    expect([...servedBy].sort()).toEqual(['a', 'b']);
  });

  it('serves through host B a picture uploaded through host A', async () => {
    const admin = await shopper(database.db, 'admin');
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#0f6e6e' } })
      .png()
      .toBuffer();
    const form = multipart(png);
    const upload = await fetch(`${a.url}/api/uploads`, {
      method: 'POST',
      headers: { cookie: admin.cookie, ...form.headers },
      body: form.payload,
    });
    expect(upload.status).toBe(200);
    const { secure_url } = (await upload.json()) as { secure_url: string };
    expect(secure_url.startsWith(`${bucket.publicUrl}/`)).toBe(true);
    const key = secure_url.slice(bucket.publicUrl.length + 1);
    const viaB = await call(b.url, 'GET', `/uploads/${key}`);
    expect([viaB.status, viaB.headers.get('location')]).toEqual([302, secure_url]);
    const picture = await fetch(secure_url);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('empties host B’s product cache when a product is edited through host A', async () => {
    const admin = await shopper(database.db, 'admin');
    const product = await insertProduct(database.db, { title: 'Ikat Silk Saree Before' });
    const list = async () =>
      (await call(b.url, 'GET', '/api/products?search=Ikat%20Silk')).body as ProductList;
    expect((await list()).products.map((p) => p.title)).toEqual(['Ikat Silk Saree Before']);
    const edit = await call(a.url, 'PATCH', `/api/products/${product.id}`, {
      cookie: admin.cookie,
      body: { title: 'Ikat Silk Saree After' },
    });
    expect((edit.body as Product).title).toBe('Ikat Silk Saree After');
    await vi.waitFor(
      async () => expect((await list()).products.map((p) => p.title)).toEqual(['Ikat Silk Saree After']),
      { timeout: 30_000, interval: 100 },
    );
  });

  it('loses no acknowledged order and sends no mail twice when host A is killed (-9) mid-stream', async () => {
    const products: number[] = [];
    for (let i = 0; i < 3; i++)
      products.push(
        (await insertProduct(database.db, { title: `Hosts Saree ${i}`, stock: 1000, sizes: [42] })).id,
      );
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper(database.db)));
    const acknowledged: Order[] = [];
    const attempts: { cookie: string; key: string }[] = [];
    let killing: Promise<void> | undefined;
    await Promise.all(
      shoppers.map(async (s, i) => {
        for (let n = 0; n < 12; n++) {
          const key = `hosts-${i}-${n}`;
          attempts.push({ cookie: s.cookie, key });
          try {
            const line = await call(lb, 'POST', '/api/cart', {
              cookie: s.cookie,
              body: { product: products[(i + n) % 3], quantity: 1, color: '#aa2233', size: 42 },
            });
            if (line.status !== 201 && line.status !== 409) continue;
            const res = await call(lb, 'POST', '/api/orders', {
              cookie: s.cookie,
              body: orderPayload('cash'),
              headers: { 'idempotency-key': key },
            });
            if (res.status === 201) acknowledged.push(res.body as Order);
            if (acknowledged.length >= 25 && !killing) killing = a.kill9();
          } catch {
            // The balancer answered with a broken connection: this attempt's outcome is unknown.
          }
        }
      }),
    );
    await killing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    // Every order answered 201 is there, as answered.
    const ids = acknowledged.map((o) => o.id);
    const rows = await database.db
      .select({ id: orders.id, total: orders.totalAmountPaise })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    // A retry of every attempt with its key, now all on host B, makes no second order.
    const before = await database.db.$count(orders);
    for (const t of attempts)
      await call(lb, 'POST', '/api/orders', {
        cookie: t.cookie,
        body: orderPayload('cash'),
        headers: { 'idempotency-key': t.key },
      });
    expect(await database.db.$count(orders)).toBe(before);

    // Each order's confirmation arrives once. The jobs host A had taken when it died stay with it until
    // their two minutes run out, then go to B: they are not lost, only late.
    const mailsFor = (id: number) => smtp.mails.filter((m) => m.subject.endsWith(`order #${id} is placed`)).length;
    const pendingMails = async () => {
      const { rows } = (await database.db.execute(
        sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { subject: string }[] };
      return rows.map((r) => r.subject);
    };
    await vi.waitFor(
      async () => {
        const pending = await pendingMails();
        const lost = ids.filter((id) => mailsFor(id) === 0 && !pending.some((subject) => subject.endsWith(`order #${id} is placed`)));
        expect(lost).toEqual([]);
        expect(pending.length).toBeLessThanOrEqual(25);
      },
      // A ceiling: on a loaded two-core machine host B's mail worker drains the queue well after 30 s.
      { timeout: 75_000, interval: 200 },
    );
    const all = await database.db.select({ id: orders.id }).from(orders);
    expect(all.filter((o) => mailsFor(o.id) > 1)).toEqual([]);
    // Host B alone goes on taking orders.
    const last = shoppers[0]!;
    await call(lb, 'POST', '/api/cart', {
      cookie: last.cookie,
      body: { product: products[0], quantity: 1, color: '#aa2233', size: 42 },
    });
    const after = await call(lb, 'POST', '/api/orders', { cookie: last.cookie, body: orderPayload('cash') });
    expect([after.status, after.headers.get('x-served-by')]).toEqual([201, 'b']);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, (after.body as Order).id));
    expect(row?.status).toBe('pending');
  }, 180_000);
});
