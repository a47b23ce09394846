import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the web app when its bundle is missing or older than its sources (or the shared package). */
export function buildWebIfStale({ quiet = false } = {}) {
  const index = join(root, 'apps/web/dist/index.html');
  if (existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/shared/src')));
    if (sources <= built) return false;
  }
  if (!quiet) console.log('Building the web app…');
  // The app, then the home page's first paint for the server (vite.config.ts).
  for (const ssr of [[], ['--ssr']]) {
    const r = spawnSync('npx', ['vite', 'build', ...ssr, '--logLevel', quiet ? 'error' : 'warn'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('The web app did not build');
  }
  return true;
}

export { root };
