// `npm run size`: the gzip size of the JS and CSS a first visit to / downloads (the entry, its static
// imports and the home page's chunk), from the Vite manifest. Exits 1 over the 150 KB JS budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale, root } from './lib/build-web.mjs';

const BUDGET_JS = 150 * 1024;
const dist = join(root, 'apps/web/dist');

export function firstVisitSize(page = 'src/app/routes/home.tsx') {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit('index.html');
  // The boot script is an entry of its own that index.html also loads (apps/web/vite.config.ts).
  visit('src/boot.ts');
  visit(page);
  const sizes = { js: 0, css: 0, files: [] };
  for (const f of files) {
    const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
    if (f.endsWith('.js')) sizes.js += gz;
    if (f.endsWith('.css')) sizes.css += gz;
    sizes.files.push({ file: f, gzip: gz });
  }
  const adminLoaded = [...files].some((f) => /admin|product-form/i.test(f));
  return { ...sizes, adminLoaded };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale({ quiet: true });
  const s = firstVisitSize();
  for (const f of s.files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`first visit to /: JS ${(s.js / 1024).toFixed(1)} KB gzip, CSS ${(s.css / 1024).toFixed(1)} KB gzip (budget JS 150 KB)`);
  if (s.adminLoaded) console.log('admin code is in the first visit!');
  process.exit(s.js > BUDGET_JS || s.adminLoaded ? 1 : 0);
}
