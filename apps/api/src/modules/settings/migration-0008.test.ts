import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationsFolder, openDatabase, type Database } from '../../db/client.ts';
import { testDatabaseUrl } from '../../../test/database-url.ts';
import { createPostgresDatabase } from '../../../test/app.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'));

/** The migrations as they stood before 0008: the same folder, its journal cut before that entry. */
function foldersBefore0008(): string {
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0008');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  const base = testDatabaseUrl();
  const pgDb = base ? await createPostgresDatabase(base) : undefined;
  drop = pgDb?.drop;
  database = await openDatabase({ databaseUrl: pgDb?.url, poolSize: 2 });
  const migrationsFolder = foldersBefore0008();
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(database.db as never, { migrationsFolder });
  }
});
afterAll(async () => {
  await database.close();
  await drop?.();
  rmSync(folder, { recursive: true, force: true });
});

describe('migration 0008', () => {
  it('rounds the discounted prices stored before it to whole rupees, as discountedPaise now does, and makes every product Indian', async () => {
    // ₹2,499 less 10 % = ₹2,249.10; ₹3.33 less 50 % = ₹1.665; ₹899.50 undiscounted; ₹12,499 less 12.5 % = ₹10,936.625.
    await database.db.execute(sql`insert into products (title, description, brand, category, price_paise, discount_percentage, discounted_price_paise, stock, thumbnail)
      values ('a', 'd', 'b', 'c', 249900, 10, 224910, 1, '/t.webp'), ('b', 'd', 'b', 'c', 333, 50, 167, 1, '/t.webp'),
             ('c', 'd', 'b', 'c', 89950, 0, 89950, 1, '/t.webp'), ('d', 'd', 'b', 'c', 1249900, 12.5, 1093663, 1, '/t.webp')`);
    await migrate(database);
    const rows = (await database.db.execute(sql`select title, discounted_price_paise as paise, country_of_origin as origin, hsn, gst_rate_percent as rate from products order by title`)) as unknown as {
      rows: { title: string; paise: number; origin: string; hsn: string | null; rate: number | null }[];
    };
    expect(rows.rows).toEqual([
      { title: 'a', paise: 224_900, origin: 'India', hsn: null, rate: null },
      { title: 'b', paise: 200, origin: 'India', hsn: null, rate: null },
      { title: 'c', paise: 90_000, origin: 'India', hsn: null, rate: null },
      { title: 'd', paise: 1_093_700, origin: 'India', hsn: null, rate: null },
    ]);
  });
});
