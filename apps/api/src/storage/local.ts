import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { assertPictureKey, isPictureKey, type PictureStorage } from './storage.ts';

const isMissing = (err: unknown) => err instanceof Error && 'code' in err && err.code === 'ENOENT';

export function createLocalStorage(dir: string): PictureStorage {
  const pathOf = (key: string) => {
    assertPictureKey(key);
    return join(dir, ...key.split('/'));
  };
  return {
    location: dir,
    async put(key, bytes) {
      const path = pathOf(key);
      if (existsSync(path)) return;
      await mkdir(dirname(path), { recursive: true });
      // Hidden, then renamed: a reader never sees half a file.
      const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async exists(key) {
      return existsSync(pathOf(key));
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async list(prefix = '') {
      const folder = join(dir, ...prefix.split('/').slice(0, -1));
      try {
        const entries = await readdir(folder, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => e.isFile())
          .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
          .filter((key) => key.startsWith(prefix) && isPictureKey(key))
          .sort();
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
    },
    close() {},
  };
}
