import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Role } from '@shop/shared';
import { buildApp, type AppOptions } from '../src/app.ts';
import { migrate, migrationsFolder, openDatabase, type Database, type Db } from '../src/db/client.ts';
import { parseEnv, type Config } from '../src/env.ts';
import { testDatabaseUrl } from './database-url.ts';
import { users } from '../src/modules/users/users.table.ts';
import { ensureShopSettings } from '../src/modules/settings/settings.service.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** This file's PostgreSQL database, for a second connection pool to it; undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  dataDir: string;
  /** Empties every table between tests; the shop settings go back to the configuration's. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Which database the API suite runs on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const testDbKind = testDatabaseUrl() ? 'postgres' : 'pglite';

/** A fresh PostgreSQL database on the test server, dropped by the returned function. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An in-memory PGlite already migrated, started from an image of the migrated data folder that the
 * first test process writes and the others read: no initdb and no migrations per file.
 */
async function migratedPglite(): Promise<Database> {
  const folder = migrationsFolder();
  // A new PGlite may keep its folder differently: its version is part of the image's name.
  const digest = createHash('sha256').update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const f of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const path = join(folder, f);
    if (statSync(path).isFile()) digest.update(f).update(readFileSync(path));
  }
  const imagePath = join(tmpdir(), `shop-test-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(imagePath)) return openDatabase({ pgliteImage: new Blob([readFileSync(imagePath)]) });
  const database = await openDatabase({});
  await migrate(database);
  const image = Buffer.from(await (await database.image!()).arrayBuffer());
  const partial = `${imagePath}.${process.pid}`;
  writeFileSync(partial, image);
  renameSync(partial, imagePath);
  return database;
}

/** One database per test file (docs/style.md, Tests), migrated, with the app built on it. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Pick<AppOptions, 'mailer' | 'payments'>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const baseUrl = testDatabaseUrl();
  const pgDb = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
  const database = pgDb ? await openDatabase({ databaseUrl: pgDb.url, poolSize: 20 }) : await migratedPglite();
  await migrate(database);
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ database, config, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    databaseUrl: pgDb?.url,
    config,
    dataDir,
    async reset() {
      await database.db.execute(
        sql`truncate users, sessions, password_reset_tokens, staff_invites, brands, categories, products, cart_items, orders, order_items, product_sales_daily, idempotency_keys, payments, rate_limits, shop_settings, tax_documents, document_counters, shop_pages, pincode_rules, courier_accounts, promotions restart identity cascade`,
      );
      await ensureShopSettings(database.db, config.shop);
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'Secret123';

/** Inserts a user directly (no HTTP) with the password TEST_PASSWORD. */
export async function insertUser(db: Db, fields: { email?: string; role?: Role; name?: string } = {}) {
  cachedHash ??= hash(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: fields.email ?? `user-${randomBytes(4).toString('hex')}@example.com`,
      name: fields.name ?? 'Asha Rao',
      phoneNumber: '+919820012345',
      role: fields.role ?? 'user',
      passwordHash: await cachedHash,
    })
    .returning();
  return user!;
}

/** Signs a user in through the API and returns the Cookie header to send with its requests. */
export async function loginCookie(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('login set no session cookie');
  return `sid=${cookie.value}`;
}

/** A signed-in user of the given role: the row and its Cookie header. */
export async function signedIn(app: FastifyInstance, db: Db, role: Role = 'user') {
  const user = await insertUser(db, { role });
  return { user, cookie: await loginCookie(app, user.email) };
}
