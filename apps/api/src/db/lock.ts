import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function readHolder(path: string): { pid?: number; what?: string } {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { pid?: number; what?: string };
  } catch {
    return {};
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PGlite has no cross-process lock: two processes on one folder would silently lose writes (decision 002).
export function lockDataDir(dataDir: string, what: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder.pid && holder.pid !== process.pid && alive(holder.pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (${holder.what ?? 'unknown'}, pid ${holder.pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere. The embedded database serves one process at a time; ' +
            'set DATABASE_URL to use PostgreSQL with several.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${path}`);
}
