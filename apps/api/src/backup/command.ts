import { parseArgs } from 'node:util';
import type { Config } from '../env.ts';
import { BackupError } from './archive.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

const BACKUP_USAGE = 'Usage: npm run backup [-- --out FILE]';
const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--force]';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const databaseName = (config: Pick<Config, 'databaseUrl' | 'dataDir'>) =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}/db`;

function parse<T>(read: () => T, usage: string): T | undefined {
  try {
    return read();
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return undefined;
  }
}

async function reporting(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

export async function backupCommand(args: string[], config: Config): Promise<number> {
  const parsed = parse(() => parseArgs({ args, options: { out: { type: 'string' } } }), BACKUP_USAGE);
  if (!parsed) return 2;
  return reporting(async () => {
    const started = Date.now();
    console.log(`Backing up ${databaseName(config)}${config.s3 ? '' : ` and the pictures in ${config.uploadsDir}`}…`);
    const { file, manifest } = await createBackup(config, { out: parsed.values.out });
    const { database: db, uploads } = manifest;
    console.log(`Backup written: ${file} in ${seconds(started)}`);
    console.log(`  database: ${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${mb(db.bytes)}, ${db.migrations} migrations applied`);
    console.log(uploads.included ? `  pictures: ${uploads.files} files, ${mb(uploads.bytes)}` : `  pictures: not included. ${uploads.note}`);
  });
}

export async function restoreCommand(args: string[], config: Config): Promise<number> {
  const parsed = parse(() => parseArgs({ args, options: { force: { type: 'boolean' } }, allowPositionals: true }), RESTORE_USAGE);
  const file = parsed?.positionals[0];
  if (!parsed || !file || parsed.positionals.length > 1) {
    if (parsed) console.error(RESTORE_USAGE);
    return 2;
  }
  return reporting(async () => {
    const started = Date.now();
    const { manifest, replaced, pictures } = await restoreBackup(config, file, { force: parsed.values.force ?? false });
    console.log(`Restored ${file} (made ${manifest.createdAt} by version ${manifest.appVersion}) in ${seconds(started)}`);
    console.log(`  database: into ${databaseName(config)}${replaced ? ', replacing the one that was there' : ''}`);
    if (!manifest.uploads.included) console.log(`  pictures: none in this backup. ${manifest.uploads.note}`);
    else {
      console.log(`  pictures: ${pictures} files into ${config.uploadsDir}`);
      if (config.s3 && pictures) console.log('  The shop keeps its pictures in S3_BUCKET: run npm run storage:migrate to copy these there.');
    }
    console.log('Start the shop: it migrates the database to this version as usual.');
  });
}
