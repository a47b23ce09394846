import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appliedMigrations } from './migrations.ts';

/** Opened with the extension the shop's migrations install, as db/client.ts does. */
async function openPglite(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Whether `dir` holds a PGlite (PostgreSQL) data folder. */
export function isPgliteDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Whether `dir` is missing or empty: a place a database can be restored to without replacing one. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * PGlite's own copy of its data folder (dumpDataDir, a gzipped tar). The caller holds the data
 * folder's lock, so nothing writes meanwhile; the checkpoint first puts every change into the data
 * files, so the copy opens without replaying the write-ahead log.
 */
export async function dumpPglite(dir: string, file: string): Promise<{ migrations: number }> {
  const db = await openPglite(dir);
  try {
    await db.exec('checkpoint');
    const migrations = await appliedMigrations(async (text) => (await db.query(text)).rows);
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return { migrations };
  } finally {
    await db.close();
  }
}

/** Creates a PGlite data folder at `dir` (missing or empty) from a dumpDataDir tarball, and opens it once to check it. */
export async function loadPglite(file: string, dir: string): Promise<{ migrations: number }> {
  const db = await openPglite(dir, new Blob([await readFile(file)]));
  try {
    return { migrations: await appliedMigrations(async (text) => (await db.query(text)).rows) };
  } finally {
    await db.close();
  }
}
