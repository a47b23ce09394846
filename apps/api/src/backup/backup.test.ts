import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { migrate, openDatabase, type Database, type Db } from '../db/client.ts';
import { childEnv, parseEnv, repoRoot, type Config } from '../env.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { products } from '../modules/products/products.table.ts';
import { users } from '../modules/users/users.table.ts';
import { createPostgresDatabase, insertUser, TEST_PASSWORD, testDbKind } from '../../test/app.ts';
import { placeCashOrder, shopper } from '../../test/commerce.ts';
import { call, startServer } from '../../test/security/servers.ts';
import { BackupError, readManifest } from './archive.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

// Each step opens or creates a database (PGlite takes seconds on a busy machine) or runs a process.
const SLOW = 300_000;

/** A DATA_DIR and, on the PostgreSQL pass, a database of its own: where a shop lives. */
interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  config: Config;
  drop(): Promise<void>;
}

const places: Place[] = [];
async function newPlace(env: Record<string, string> = {}): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
  const base = testDatabaseUrl();
  const pgDb = base ? await createPostgresDatabase(base) : undefined;
  const config = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env });
  const place = {
    dataDir,
    databaseUrl: pgDb?.url,
    config,
    async drop() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  places.push(place);
  return place;
}

const open = (place: Place): Promise<Database> => openDatabase({ databaseUrl: place.databaseUrl, pgliteDir: join(place.dataDir, 'db') });

/** An image a browser would upload: a PNG, different for each seed so each gets its own content-hash name. */
async function uploadPicture(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, seed: number): Promise<string> {
  const png = await sharp({ create: { width: 64 + seed, height: 48, channels: 3, background: { r: 120 + seed, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), `saree-${seed}.png`);
  const body = new Request('http://shop.test/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
}

/** A small shop made through the app: an admin, pictures uploaded, products that show them, shoppers and their orders. */
async function makeShop(place: Place): Promise<void> {
  const database = await open(place);
  await migrate(database);
  const app = await buildApp({ database, config: { ...place.config, rateLimits: false }, logger: false });
  await app.ready();
  try {
    const admin = await shopper(database.db, 'admin');
    const productIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await uploadPicture(app, admin.cookie, 2 * i), await uploadPicture(app, admin.cookie, 2 * i + 1)];
      const res = await app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin.cookie },
        payload: {
          title: `Kanjivaram Silk Saree ${i + 1}`,
          description: 'Woven on pit looms in Kanchipuram with a contrast temple border.',
          brand: 'Kanchi Silk Weavers',
          category: 'Silk Sarees',
          price: 4999 + 1000 * i,
          discountPercentage: 10,
          stock: 20,
          highlights: ['Pure mulberry silk', 'Temple border', '5.5 m with blouse piece', 'Dry clean only'],
          thumbnail: a,
          images: [a, b, 'https://cdn.example.com/pallu.jpg', a],
          colors: ['#0b5e73'],
          sizes: [216],
        },
      });
      expect(res.statusCode).toBe(201);
      productIds.push(res.json<{ id: number }>().id);
    }
    for (let s = 0; s < 3; s++) {
      const who = await shopper(database.db);
      for (let o = 0; o <= s; o++) await placeCashOrder(app, database.db, who, [{ productId: productIds[(s + o) % 3]!, quantity: o + 1 }]);
    }
    // The order mails are sent before closing: the copy then holds them finished, and no job is
    // still completing when the pool closes (pg-boss's stop can return before a completion is written).
    for (let waited = 0; (await count(database.db, "pgboss.job where name = 'mail' and state <> 'completed'")) > 0; waited += 100) {
      if (waited > 60_000) throw new Error('the order mails were not sent within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await app.close();
    await database.close();
  }
}

async function count(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** What a restore must bring back: row counts of every table the shop writes (the job queue's too), and the rows that matter. */
async function contents(place: Place) {
  const database = await open(place);
  try {
    const { db } = database;
    const tables = ['users', 'sessions', 'products', 'brands', 'categories', 'orders', 'order_items', 'cart_items', 'payments', 'pgboss.job'];
    const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(db, t)] as const)));
    return {
      counts,
      users: await db.select({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash }).from(users).orderBy(asc(users.id)),
      orders: await db
        .select({ id: orders.id, userId: orders.userId, totalAmountPaise: orders.totalAmountPaise, totalItems: orders.totalItems, status: orders.status })
        .from(orders)
        .orderBy(asc(orders.id)),
      products: await db.select({ id: products.id, title: products.title, thumbnail: products.thumbnail, images: products.images }).from(products).orderBy(asc(products.id)),
    };
  } finally {
    await database.close();
  }
}

type Contents = Awaited<ReturnType<typeof contents>>;

/** The /uploads/<key> files the products refer to. */
const pictureKeys = (c: Contents) => [...new Set(c.products.flatMap((p) => [p.thumbnail, ...p.images]).filter((u) => u.startsWith('/uploads/')))].map((u) => u.slice('/uploads/'.length));

/** `node --import tsx apps/api/src/cli.ts …` as a shop owner runs it: only the shop's variables and PATH (for pg_dump). */
function runCli(args: string[], place: Place): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], {
      cwd: repoRoot(),
      env: { PATH: childEnv({}).PATH, DATA_DIR: place.dataDir, LOG_LEVEL: 'silent', ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

let source: Place;
let before: Contents;
let archive: string | undefined;

/** The backup written by the first test, or a new one when that test did not get so far. */
async function backupFile(): Promise<string> {
  archive ??= (await createBackup(source.config, { out: join(mkdtempSync(join(tmpdir(), 'shop-backup-out-')), 'shop.tar') })).file;
  return archive;
}

beforeAll(async () => {
  source = await newPlace();
  await makeShop(source);
  before = await contents(source);
}, SLOW);

afterAll(async () => {
  for (const p of places.splice(0)) await p.drop();
  if (archive) rmSync(join(archive, '..'), { recursive: true, force: true });
});

describe(`npm run backup and npm run restore (${testDbKind})`, () => {
  it(
    'restores a backup into a fresh folder and database with every user, order and picture, and the shop starts on it',
    async () => {
      expect(before.counts).toMatchObject({ users: 4, products: 3, orders: 6 });
      expect(before.counts['pgboss.job']).toBeGreaterThan(0);
      expect(pictureKeys(before)).toHaveLength(6);

      const out = join(mkdtempSync(join(tmpdir(), 'shop-backup-out-')), 'shop.tar');
      const backup = await runCli(['backup', '--out', out], source);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${out}`);
      archive = out;
      const manifest = await readManifest(out);
      expect(manifest).toMatchObject({ database: { kind: testDbKind, migrations: expect.any(Number) }, uploads: { included: true, files: 18 } });

      const target = await newPlace();
      const restore = await runCli(['restore', out], target);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('pictures: 18 files');
      console.log(`backup ${backup.ms} ms, restore ${restore.ms} ms (each with the CLI's own start)`);

      expect(await contents(target)).toEqual(before);
      for (const key of pictureKeys(before)) {
        expect(readFileSync(join(target.dataDir, 'uploads', key))).toEqual(readFileSync(join(source.dataDir, 'uploads', key)));
      }

      const server = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
      try {
        const list = await call(server.url, 'GET', '/api/products');
        expect(list.status).toBe(200);
        expect((list.body as { totalProducts: number }).totalProducts).toBe(3);
        const picture = await call(server.url, 'GET', `/uploads/${pictureKeys(before)[0]}`);
        expect(picture.status).toBe(200);
        const login = await call(server.url, 'POST', '/api/auth/login', { body: { email: before.users[1]!.email, password: TEST_PASSWORD } });
        expect(login.status).toBe(200);
      } finally {
        await server.stop();
      }
    },
    SLOW,
  );

  it(
    'refuses to restore over a database that has data, and replaces it with --force',
    async () => {
      const file = await backupFile();
      const target = await newPlace();
      await restoreBackup(target.config, file);
      const database = await open(target);
      await insertUser(database.db, { email: 'after-the-backup@example.com' });
      await database.close();

      const refused = restoreBackup(target.config, file);
      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(
        testDbKind === 'postgres' ? /^The database at DATABASE_URL is not empty \(\d+ tables: / : `${join(target.dataDir, 'db')} already holds a database.`,
      );
      expect((await contents(target)).counts.users).toBe(5);

      const report = await restoreBackup(target.config, file, { force: true });
      expect(report).toMatchObject({ replaced: true, pictures: 18 });
      expect(await contents(target)).toEqual(before);
    },
    SLOW,
  );

  it(
    'leaves the pictures out, with a note, when they are kept in an S3 bucket',
    async () => {
      const { s3 } = parseEnv({ S3_BUCKET: 'shop-pictures', S3_PUBLIC_URL: 'https://cdn.example.in/pictures' });
      const out = join(source.dataDir, 'with-s3.tar');
      const { manifest } = await createBackup({ ...source.config, s3 }, { out });
      expect(manifest.uploads).toEqual({ included: false, note: expect.stringContaining('back the bucket up with its provider') });
      const entries: string[] = [];
      await tar.t({ file: out, onReadEntry: (e) => entries.push(e.path) });
      expect(entries.filter((e) => e.startsWith('uploads/'))).toEqual([]);
    },
    SLOW,
  );

  it('refuses a file that is not a backup, a damaged one, and a backup of the other kind of database', async () => {
    const notBackup = join(source.dataDir, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    await expect(restoreBackup(source.config, notBackup)).rejects.toThrow(`${notBackup} is not a shop backup`);

    const file = await backupFile();
    const truncated = join(source.dataDir, 'truncated.tar');
    const bytes = readFileSync(file);
    // Cut inside a block, so inside an entry whatever the layout.
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2) + 100));
    const target = await newPlace();
    await expect(restoreBackup(target.config, truncated)).rejects.toThrow(`${truncated} is damaged (TAR_BAD_ARCHIVE`);
    expect(existsSync(join(target.dataDir, 'db'))).toBe(false);

    const other = testDbKind === 'postgres' ? { ...source.config, databaseUrl: undefined } : { ...source.config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(other, file)).rejects.toThrow(/^This backup holds .* and the shop is configured for /);
  }, SLOW);
  // Last: the server it starts on the source may add its own jobs to the database.
  it(
    'backs up PostgreSQL while the shop runs, and refuses the embedded database while the shop holds it',
    async () => {
      const server = await startServer({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
      try {
        const out = join(source.dataDir, 'online.tar');
        const res = await runCli(['backup', '--out', out], source);
        if (testDbKind === 'postgres') {
          expect(res.code, res.stderr).toBe(0);
          expect(existsSync(out)).toBe(true);
        } else {
          expect(res.code).toBe(1);
          expect(res.stderr).toMatch(/is in use by another process \(the shop server, pid \d+\)[\s\S]*stop the shop, run npm run backup, start the shop again/);
          expect(existsSync(out)).toBe(false);
        }
      } finally {
        await server.stop();
      }
    },
    SLOW,
  );
});
