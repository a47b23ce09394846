// `npm test`: the whole suite. Unit and API tests on PGlite; the API tests again on PostgreSQL when
// one answers; the Playwright journeys in a real Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.mjs';
import { findPostgres } from './lib/postgres.mjs';
import { buildWebIfStale, root } from './lib/build-web.mjs';

const only = process.argv[2]; // optional: lint | unit | pg | e2e | bench
const started = Date.now();
const results = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  results.push({ name, ok: r.status === 0, seconds: ((Date.now() - t) / 1000).toFixed(1) });
  return r.status === 0;
}

// The house rules are part of the suite: a boundary crossed or a type error fails it.
if (!only || only === 'lint') {
  step('lint (ESLint with the boundary fences)', 'npx', ['eslint', '.']);
  step('types (tsc, every workspace)', 'npm', ['run', 'typecheck']);
}
if (!only || only === 'unit') step('unit and API tests (PGlite)', 'npx', ['vitest', 'run']);
if (!only || only === 'pg') {
  const pgUrl = await findPostgres();
  if (pgUrl) step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: pgUrl });
  else if (process.env.CI) {
    // In CI the PostgreSQL-only suites (invariants, several hosts, races, restarts) must run, not vanish.
    console.log('\nNo PostgreSQL server answers on 127.0.0.1:5432 and DATABASE_URL is unset: under CI that is a failure.');
    results.push({ name: 'API tests (PostgreSQL): no server', ok: false, seconds: '0.0' });
  } else console.log('\nNo PostgreSQL server answers on 127.0.0.1:5432 and DATABASE_URL is unset: PostgreSQL run skipped.');
}
if (!only || only === 'e2e') {
  const chromium = findChromium();
  buildWebIfStale();
  step('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
}

// The benchmark on a small catalogue: it fails only when a scenario is broken (non-2xx replies,
// errors, oversold stock), never on a timing (docs/performance.md).
if (!only || only === 'bench') step('bench (quick)', 'npm', ['run', 'bench', '--', '--quick', '--products', '2000', '--no-lighthouse']);

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
