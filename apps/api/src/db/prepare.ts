import type { Config } from '../env.ts';
import { migrate, openDatabase, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { join } from 'node:path';

/**
 * Opens the configured database and migrates it. On PGlite it first takes the data folder's lock
 * so a second process (server or CLI) stops with a clear message instead of losing writes.
 */
export async function prepareDatabase(config: Config, what: string): Promise<{ database: Database; release: () => void }> {
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir, what);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'db'),
      poolSize: config.databasePoolSize,
    });
    await migrate(database);
    return { database, release };
  } catch (err) {
    release();
    throw err;
  }
}
