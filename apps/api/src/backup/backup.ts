import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../env.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import { BACKUP_FORMAT, BackupError, DATABASE_FOLDER, listUploads, MANIFEST, sha256File, writeArchive, type BackupManifest } from './archive.ts';
import { appVersion } from './migrations.ts';
import { dumpPglite, isPgliteDataDir } from './pglite.ts';
import { dumpPostgres, postgresMigrations } from './postgres.ts';

export type BackupConfig = Pick<Config, 'dataDir' | 'uploadsDir' | 'databaseUrl' | 's3'>;

// `shop-2025-01-31T09-30-00Z.tar`: no colon, which some file systems refuse.
export function defaultBackupName(now = new Date()): string {
  return `shop-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.tar`;
}

export const S3_NOTE = 'Pictures are in the S3 bucket (S3_BUCKET): back the bucket up with its provider (versioning or replication).';

function lockForBackup(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir, 'backup');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(
      `${err.message}\nA backup of the embedded database needs it to itself: stop the shop, run npm run backup, start the shop again. ` +
        '(With DATABASE_URL, PostgreSQL is backed up while the shop runs.)',
    );
  }
}

export async function createBackup(config: BackupConfig, opts: { out?: string | undefined } = {}): Promise<{ file: string; manifest: BackupManifest }> {
  const file = resolve(opts.out ?? join(config.dataDir, 'backups', defaultBackupName()));
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another --out, or move that file away.`);
  const pgliteDir = join(config.dataDir, 'db');
  if (!config.databaseUrl && !isPgliteDataDir(pgliteDir)) throw new BackupError(`There is no database in ${pgliteDir} to back up (DATA_DIR is ${config.dataDir}).`);
  await mkdir(dirname(file), { recursive: true });
  const release = config.databaseUrl ? () => undefined : lockForBackup(config.dataDir);
  const staging = await mkdtemp(join(dirname(file), `.${basename(file)}-`));
  const partial = `${file}.partial`;
  try {
    await mkdir(join(staging, DATABASE_FOLDER));
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    const dbFile = kind === 'postgres' ? 'postgres.dump' : 'pglite.tar.gz';
    const dbPath = join(staging, DATABASE_FOLDER, dbFile);
    let migrations: number;
    if (config.databaseUrl) {
      migrations = await postgresMigrations(config.databaseUrl);
      await dumpPostgres(config.databaseUrl, dbPath);
    } else {
      ({ migrations } = await dumpPglite(pgliteDir, dbPath));
    }
    // Listed after the database is copied: a picture is stored before any row names it.
    const uploads = config.s3 ? undefined : await listUploads(config.uploadsDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database: { kind, file: dbFile, bytes: (await stat(dbPath)).size, sha256: await sha256File(dbPath), migrations },
      uploads: uploads ? { included: true, files: uploads.keys.length, bytes: uploads.bytes } : { included: false, note: S3_NOTE },
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeArchive(partial, staging, uploads && { dir: config.uploadsDir, keys: uploads.keys });
    // Under its final name only once whole: a backup that stopped half-way never looks like one.
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
    release();
  }
}
