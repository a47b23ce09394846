// Loaded into the benchmark's server processes (`node --import`), never into a shop's; plain
// JavaScript, since the server runs compiled, as in production. Counts the
// product cache's hits and misses without a route for them. On SIGUSR2 each process writes its
// counts to BENCH_PROBE_DIR/<pid>.json with the number found in BENCH_PROBE_DIR/request, so the
// benchmark knows the answer is fresh.
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

/** @type {{ hits: number; misses: number }[]} */
const caches = [];
subscribe('shop:product-cache', (cache) =>
  caches.push(/** @type {{ hits: number; misses: number }} */ (cache)),
);

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  process.on('SIGUSR2', () => {
    let request = '0';
    try {
      request = readFileSync(join(dir, 'request'), 'utf8').trim();
    } catch {
      // No request written yet: answer 0.
    }
    const counts = caches.reduce((sum, c) => ({ hits: sum.hits + c.hits, misses: sum.misses + c.misses }), {
      hits: 0,
      misses: 0,
    });
    // Written whole, then renamed: the benchmark never reads half a file.
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ request, caches: caches.length, ...counts }));
    renameSync(`${file}.tmp`, file);
  });
}
