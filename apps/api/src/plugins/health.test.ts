import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (t.databaseUrl) return t.close();
  // The embedded database was closed by the test; a second close throws.
  await t.app.close();
  rmSync(t.dataDir, { recursive: true, force: true });
});

/** PostgreSQL: the database is dropped under the pool's feet. PGlite: the database is closed. */
async function loseTheDatabase() {
  if (!t.databaseUrl) return t.database.close();
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop database ${new URL(t.databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}

describe('health and readiness', () => {
  it('answers both checks with ok while the database answers', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const res = await t.app.inject(url);
      expect([res.statusCode, res.json()], url).toEqual([200, { ok: true }]);
    }
  });

  it('answers readiness 503 with a message once the database is gone, and health still 200', async () => {
    await loseTheDatabase();
    const ready = await t.app.inject('/api/ready');
    expect([ready.statusCode, ready.json()]).toEqual([503, { message: 'Database unavailable' }]);
    const health = await t.app.inject('/api/health');
    expect([health.statusCode, health.json()]).toEqual([200, { ok: true }]);
  });
});
