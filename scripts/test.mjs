// `npm test`: the whole suite. Unit and API tests on PGlite; the API tests again on PostgreSQL when
// one answers; the Playwright journeys in a real Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from './lib/chromium.mjs';
import { findPostgres } from './lib/postgres.mjs';
import { buildWebIfStale, root } from './lib/build-web.mjs';

const only = process.argv[2]; // optional: lint | unit | pg | e2e | bench
const started = Date.now();
const results = [];

function step(name, cmd, args, env = {}, report = null) {
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  if (report) rmSync(report.file, { force: true });
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - t) / 1000).toFixed(1), failures: ok || !report ? [] : report.read(report.file) });
  return ok;
}

// A failed suite's tests, named again in the summary: the end of a long log is often all anyone sees.
const reports = join(root, 'test-results');
// eslint-disable-next-line no-control-regex -- the terminal's colour codes, ESC [ … m
const firstLine = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0]?.slice(0, 200) ?? '';
function vitestFailures(file) {
  if (!existsSync(file)) return ['(no report written)'];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return json.testResults.flatMap((f) => {
    const own = f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${f.name.replace(root + '/', '')} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    return own.length === 0 && f.status === 'failed' ? [`${f.name.replace(root + '/', '')}: ${firstLine(f.message)}`] : own;
  });
}
function playwrightFailures(file) {
  if (!existsSync(file)) return ['(no report written)'];
  const out = [];
  const walk = (suite, titles) => {
    for (const s of suite.suites ?? []) walk(s, [...titles, s.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (test.status === 'unexpected' || test.status === 'flaky') out.push(`[${test.projectName}] ${[...titles, spec.title].filter(Boolean).join(' › ')} (${spec.file}:${spec.line}) ${test.status}: ${firstLine(last?.error?.message)}`);
      }
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), []);
  if (out.length === 0 && JSON.parse(readFileSync(file, 'utf8')).errors?.length) out.push(...JSON.parse(readFileSync(file, 'utf8')).errors.map((e) => firstLine(e.message)));
  return out;
}
mkdirSync(reports, { recursive: true });
const vitestJson = (name) => ({ file: join(reports, `${name}.json`), read: vitestFailures });

// The house rules are part of the suite: a boundary crossed or a type error fails it.
if (!only || only === 'lint') {
  step('lint (ESLint with the boundary fences)', 'npx', ['eslint', '.']);
  step('types (tsc, every workspace)', 'npm', ['run', 'typecheck']);
}
if (!only || only === 'unit') {
  const report = vitestJson('unit');
  step('unit and API tests (PGlite)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report.file}`], {}, report);
}
if (!only || only === 'pg') {
  const pgUrl = await findPostgres();
  const report = vitestJson('postgres');
  if (pgUrl) step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${report.file}`], { TEST_DATABASE_URL: pgUrl }, report);
  else if (process.env.CI) {
    // In CI the PostgreSQL-only suites (invariants, several hosts, races, restarts) must run, not vanish.
    console.log('\nNo PostgreSQL server answers on 127.0.0.1:5432 and DATABASE_URL is unset: under CI that is a failure.');
    results.push({ name: 'API tests (PostgreSQL): no server', ok: false, seconds: '0.0' });
  } else console.log('\nNo PostgreSQL server answers on 127.0.0.1:5432 and DATABASE_URL is unset: PostgreSQL run skipped.');
}
if (!only || only === 'e2e') {
  const chromium = findChromium();
  buildWebIfStale();
  const report = { file: join(reports, 'journeys.json'), read: playwrightFailures };
  step('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium }, report);
}

// The benchmark on a small catalogue: it fails only when a scenario is broken (non-2xx replies,
// errors, oversold stock), never on a timing (docs/performance.md).
if (!only || only === 'bench') step('bench (quick)', 'npm', ['run', 'bench', '--', '--quick', '--products', '2000', '--no-lighthouse']);

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
  for (const f of r.failures ?? []) console.log(`       ✘ ${f}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
