import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../env.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import { BackupError, extractDatabase, extractUploads, readManifest, type BackupManifest } from './archive.ts';
import { knownMigrations } from './migrations.ts';
import { isEmptyFolder, loadPglite } from './pglite.ts';
import { postgresTables, restorePostgres } from './postgres.ts';

export type RestoreConfig = Pick<Config, 'dataDir' | 'uploadsDir' | 'databaseUrl' | 's3'>;

export interface RestoreReport {
  manifest: BackupManifest;
  replaced: boolean;
  pictures: number;
}

const KIND_NAMES = { pglite: 'the embedded database (PGlite)', postgres: 'a PostgreSQL database' } as const;

function checkFits(manifest: BackupManifest, config: RestoreConfig) {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This backup holds ${KIND_NAMES[manifest.database.kind]}, and the shop is configured for ${KIND_NAMES[kind]}. ` +
        (kind === 'postgres' ? 'Unset DATABASE_URL to restore it into DATA_DIR/db.' : 'Set DATABASE_URL to the PostgreSQL database to restore it into.'),
    );
  }
  const known = knownMigrations();
  if (manifest.database.migrations > known) {
    throw new BackupError(
      `This backup was made by a newer version of the shop (${manifest.database.migrations} migrations applied; this version knows ${known}). ` +
        'Update the shop, then restore.',
    );
  }
}

function lockForRestore(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir, 'restore');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(`${err.message}\nStop the shop before restoring into its data folder.`);
  }
}

async function existingDatabase(config: RestoreConfig): Promise<string | undefined> {
  if (!config.databaseUrl) {
    const dir = join(config.dataDir, 'db');
    return isEmptyFolder(dir) ? undefined : `${dir} already holds a database.`;
  }
  const tables = await postgresTables(config.databaseUrl);
  if (!tables.length) return undefined;
  const some = tables.slice(0, 3).join(', ') + (tables.length > 3 ? ', …' : '');
  return `The database at DATABASE_URL is not empty (${tables.length} tables: ${some}).`;
}

// Swapped in only once it opens, so a failed restore leaves the database that was there.
async function restoreToPglite(dataDir: string, work: string, tarball: string): Promise<void> {
  const loaded = join(work, 'db');
  await loadPglite(tarball, loaded);
  const target = join(dataDir, 'db');
  const aside = join(work, 'replaced-db');
  const hadOne = existsSync(target);
  if (hadOne) await rename(target, aside);
  try {
    await rename(loaded, target);
  } catch (err) {
    if (hadOne) await rename(aside, target);
    throw err;
  }
}

export async function restoreBackup(config: RestoreConfig, archive: string, opts: { force?: boolean } = {}): Promise<RestoreReport> {
  const file = resolve(archive);
  const manifest = await readManifest(file);
  checkFits(manifest, config);
  await mkdir(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => undefined : lockForRestore(config.dataDir);
  // In DATA_DIR, so PGlite's new folder is renamed into place on the same file system.
  let work: string | undefined;
  try {
    const existing = await existingDatabase(config);
    if (existing && !opts.force) {
      throw new BackupError(`${existing} Run npm run backup first if you may want it back, then restore again with --force to replace it.`);
    }
    work = await mkdtemp(join(config.dataDir, '.restore-'));
    const dbFile = await extractDatabase(file, manifest, work);
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, dbFile);
    else await restoreToPglite(config.dataDir, work, dbFile);
    let pictures = 0;
    if (manifest.uploads.included) {
      await mkdir(config.uploadsDir, { recursive: true });
      pictures = await extractUploads(file, config.uploadsDir);
    }
    return { manifest, replaced: existing !== undefined, pictures };
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
    release();
  }
}
