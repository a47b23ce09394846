import type { Config } from '../env.ts';
import { migrate, openDatabase, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { join } from 'node:path';

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
