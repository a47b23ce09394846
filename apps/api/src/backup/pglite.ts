import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appliedMigrations } from './migrations.ts';

// With pg_trgm, which the shop's migrations install.
async function openPglite(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

export function isPgliteDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

// The caller holds the data folder's lock; the checkpoint lets the copy open without replaying the WAL.
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

export async function loadPglite(file: string, dir: string): Promise<{ migrations: number }> {
  const db = await openPglite(dir, new Blob([await readFile(file)]));
  try {
    return { migrations: await appliedMigrations(async (text) => (await db.query(text)).rows) };
  } finally {
    await db.close();
  }
}
