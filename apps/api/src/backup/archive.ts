import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

/** A backup or restore that cannot go on; the CLI prints the message alone. */
export class BackupError extends Error {}

/**
 * One backup is a plain tar (docs/decisions/015-backups.md): `manifest.json` first, then
 * `database/<file>`, then `uploads/<key>`. Its parts are compressed already (pg_dump's custom
 * format, PGlite's gzipped data folder, WebP pictures), so gzip around them would only cost time.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_FOLDER = 'database';
export const UPLOADS_FOLDER = 'uploads';

export const BACKUP_FORMAT = 1;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Under database/: postgres.dump (pg_dump --format=custom) or pglite.tar.gz (PGlite's dumpDataDir). */
    file: z.enum(['postgres.dump', 'pglite.tar.gz']),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Migrations applied to the database when it was copied. */
    migrations: z.number().int().nonnegative(),
  }),
  uploads: z.discriminatedUnion('included', [
    z.object({ included: z.literal(true), files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
    z.object({ included: z.literal(false), note: z.string() }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The upload folder's files as keys (`a.webp`, `catalogue/b.webp`), leaving out half-written hidden files. */
export async function listUploads(dir: string): Promise<{ keys: string[]; bytes: number }> {
  if (!existsSync(dir)) return { keys: [], bytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const keys: string[] = [];
  let bytes = 0;
  for (const e of entries) {
    if (!e.isFile() || e.name.startsWith('.')) continue;
    const path = join(e.parentPath, e.name);
    keys.push(relative(dir, path).split(sep).join('/'));
    bytes += (await stat(path)).size;
  }
  return { keys: keys.sort(), bytes };
}

/**
 * Writes the archive from a staging folder holding manifest.json and database/, then appends the
 * upload folder's files under uploads/ straight from where they are: nothing is copied twice.
 */
export async function writeArchive(file: string, staging: string, uploads: { dir: string; keys: string[] } | undefined): Promise<void> {
  await tar.c({ file, cwd: staging, portable: true }, [MANIFEST, DATABASE_FOLDER]);
  if (uploads?.keys.length) await tar.r({ file, cwd: uploads.dir, portable: true, prefix: UPLOADS_FOLDER }, uploads.keys);
}

/** The manifest of a backup file, checked; a file that is not a backup says so. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  let text: string | undefined;
  try {
    // Strict, and through to the end: a truncated or damaged archive is refused before anything changes.
    await tar.t({
      file,
      strict: true,
      filter: (path) => path === MANIFEST,
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch (err) {
    throw new BackupError(`${file} is ${text === undefined ? 'not a shop backup' : 'damaged'} (${(err as Error).message}).`);
  }
  if (text === undefined) throw new BackupError(`${file} is not a shop backup (no ${MANIFEST} in it).`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not a shop backup (its ${MANIFEST} is not JSON).`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new BackupError(`${file} was written by a newer version of the shop (backup format ${format}); update the shop to restore it.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${file} is not a shop backup (its ${MANIFEST} does not match: ${parsed.error.issues[0]?.message}).`);
  return parsed.data;
}

/** tar.x, its failures (a file damaged after readManifest read it) told as the backup's. */
async function extract(file: string, options: Omit<tar.TarOptionsWithAliasesAsyncFile, 'file'>): Promise<void> {
  try {
    await tar.x({ ...options, file, strict: true });
  } catch (err) {
    throw new BackupError(`${file} is damaged (${(err as Error).message}).`);
  }
}

/** Extracts database/<file> into `dir` and checks it against the manifest; returns its path. */
export async function extractDatabase(file: string, manifest: BackupManifest, dir: string): Promise<string> {
  const wanted = `${DATABASE_FOLDER}/${manifest.database.file}`;
  await extract(file, { cwd: dir, filter: (path, entry) => path === wanted && 'type' in entry && entry.type === 'File' });
  const path = join(dir, DATABASE_FOLDER, manifest.database.file);
  if (!existsSync(path)) throw new BackupError(`${file} is damaged: it has no ${wanted}.`);
  if ((await sha256File(path)) !== manifest.database.sha256) throw new BackupError(`${file} is damaged: ${wanted} does not match the checksum in its manifest.`);
  return path;
}

/**
 * Extracts uploads/ into the upload folder. Regular files only (no links), never outside the folder
 * (tar refuses `..` and absolute paths). A picture's name is its content's hash, so a file already
 * there with the same name is the same picture; files the backup does not hold are left alone.
 */
export async function extractUploads(file: string, dir: string): Promise<number> {
  let files = 0;
  await extract(file, {
    cwd: dir,
    strip: 1,
    filter: (path, entry) => {
      const take = path.startsWith(`${UPLOADS_FOLDER}/`) && 'type' in entry && entry.type === 'File';
      if (take) files++;
      return take;
    },
  });
  return files;
}
