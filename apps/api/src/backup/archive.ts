import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

export class BackupError extends Error {}

// A plain tar, not gzipped: its parts are compressed already (docs/decisions/015-backups.md).
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
    file: z.enum(['postgres.dump', 'pglite.tar.gz']),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
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

const isHalfWrittenUpload = (name: string) => name.startsWith('.');

export async function listUploads(dir: string): Promise<{ keys: string[]; bytes: number }> {
  if (!existsSync(dir)) return { keys: [], bytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const keys: string[] = [];
  let bytes = 0;
  for (const e of entries) {
    if (!e.isFile() || isHalfWrittenUpload(e.name)) continue;
    const path = join(e.parentPath, e.name);
    keys.push(relative(dir, path).split(sep).join('/'));
    bytes += (await stat(path)).size;
  }
  return { keys: keys.sort(), bytes };
}

export async function writeArchive(file: string, staging: string, uploads: { dir: string; keys: string[] } | undefined): Promise<void> {
  await tar.c({ file, cwd: staging, portable: true }, [MANIFEST, DATABASE_FOLDER]);
  if (uploads?.keys.length) await tar.r({ file, cwd: uploads.dir, portable: true, prefix: UPLOADS_FOLDER }, uploads.keys);
}

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

async function extract(file: string, options: Omit<tar.TarOptionsWithAliasesAsyncFile, 'file'>): Promise<void> {
  try {
    await tar.x({ ...options, file, strict: true });
  } catch (err) {
    throw new BackupError(`${file} is damaged (${(err as Error).message}).`);
  }
}

export async function extractDatabase(file: string, manifest: BackupManifest, dir: string): Promise<string> {
  const wanted = `${DATABASE_FOLDER}/${manifest.database.file}`;
  await extract(file, { cwd: dir, filter: (path, entry) => path === wanted && 'type' in entry && entry.type === 'File' });
  const path = join(dir, DATABASE_FOLDER, manifest.database.file);
  if (!existsSync(path)) throw new BackupError(`${file} is damaged: it has no ${wanted}.`);
  if ((await sha256File(path)) !== manifest.database.sha256) throw new BackupError(`${file} is damaged: ${wanted} does not match the checksum in its manifest.`);
  return path;
}

// tar refuses `..` and absolute paths; a picture's name is its hash, so a file already there is the same.
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
