import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';
import { createPostgresDatabase } from './app.ts';
import { testDatabaseUrl } from './database-url.ts';

export interface EarlierDatabase {
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database (PostgreSQL when the run has one, else PGlite) migrated only up to the migration
 * before `tag` ('0019'): the same folder, its journal cut there. `migrate(database)` then runs the rest,
 * as a shop upgrading does.
 */
export async function databaseBefore(tag: string): Promise<EarlierDatabase> {
  const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  const base = testDatabaseUrl();
  const pgDb = base ? await createPostgresDatabase(base) : undefined;
  const database = await openDatabase({ databaseUrl: pgDb?.url, poolSize: 2 });
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  }
  return {
    database,
    async close() {
      await database.close();
      await pgDb?.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
