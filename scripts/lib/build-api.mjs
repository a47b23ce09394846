// The API as JavaScript (docs/decisions/013-compiled-server.md): one esbuild bundle of
// apps/api/src and @shop/shared into apps/api/dist; third-party packages stay in node_modules.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root } from './build-web.mjs';

const dist = join(root, 'apps/api/dist');
/** The compiled CLI: `node apps/api/dist/cli.js start | create-admin | seed`. */
export const apiEntry = join(dist, 'cli.js');
const STAMP = 'sources.sha256';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * What the bundle is made of: the API's and the shared package's sources (tests aside), this script
 * and the API's dependency list. By content, not modification time: a fresh checkout or a copied
 * build keeps its stamp as long as the sources are the same.
 */
export function apiSourcesHash() {
  const files = [
    ...sourceFiles(join(root, 'apps/api/src')),
    ...sourceFiles(join(root, 'packages/shared/src')),
    join(root, 'apps/api/package.json'),
    fileURLToPath(import.meta.url),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

/** Whether apps/api/dist was built from the sources as they are now. */
export function apiBuildIsFresh() {
  const stamp = join(dist, STAMP);
  return existsSync(apiEntry) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === apiSourcesHash();
}

/** A package name from an import specifier: `pg`, `@fastify/static`, `drizzle-orm/pglite` → `drizzle-orm`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every bare import but @shop/* is left to node_modules: PGlite finds its .wasm and .data beside its own files, sharp and argon2 are native. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      isAbsolute(args.path) || args.path.startsWith('@shop/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Builds apps/api/dist, whole or not at all: written beside it, then moved into place. */
export async function buildApi({ quiet = false } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error(
      'apps/api/dist is missing or older than the sources, and esbuild (a development dependency) is not installed: ' +
        'run `npm run build` where development dependencies are installed, then deploy apps/api/dist with the code.',
      { cause: err },
    );
  }
  // Taken before the build: a file edited while it runs makes the next start build again.
  const sources = apiSourcesHash();
  const staging = join(root, 'apps/api', `.dist-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      // The PDF thread's code is its own file (modules/invoices/pdf-thread.ts, decision 026).
      entryPoints: {
        cli: join(root, 'apps/api/src/cli.ts'),
        'pdf-worker': join(root, 'apps/api/src/modules/invoices/pdf-worker.ts'),
      },
      outdir: staging,
      bundle: true,
      // `cli.ts start` loads the app with import(): create-admin and seed never load Fastify.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: true,
      metafile: true,
      logLevel: quiet ? 'error' : 'warning',
      plugins: [thirdPartyExternal],
    });
    // Whatever the bundle leaves to node_modules must be a production dependency of the API: this
    // is what keeps tsx, esbuild and any other development tool out of the running server.
    const deps = createRequire(join(root, 'apps/api/package.json'))('./package.json').dependencies ?? {};
    const outside = new Set();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const imp of output.imports) {
        if (imp.external && !isBuiltin(imp.path) && !(packageOf(imp.path) in deps))
          outside.add(packageOf(imp.path));
      }
    }
    if (outside.size)
      throw new Error(`The server imports ${[...outside].join(', ')}, not among apps/api's dependencies`);
    writeFileSync(join(staging, STAMP), `${sources}\n`);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    await esbuild.stop();
  }
  rmSync(dist, { recursive: true, force: true });
  renameSync(staging, dist);
}

/** Builds the API when apps/api/dist is missing or was built from other sources; true when it built. */
export async function buildApiIfStale({ quiet = false } = {}) {
  if (apiBuildIsFresh()) return false;
  if (!quiet) console.log('Building the API…');
  await buildApi({ quiet });
  return true;
}

/**
 * Runs the compiled CLI in this very process: no wrapper process between a signal and the server
 * (SIGTERM drains, cli.ts), and one Node process's memory instead of two. The CLI reads its command
 * from process.argv, and cluster mode forks process.argv[1]: both must name the bundle.
 */
export async function runCompiledApi(args) {
  process.chdir(root);
  process.argv = [process.argv[0], apiEntry, ...args];
  await import(pathToFileURL(apiEntry).href);
}

// `node scripts/lib/build-api.mjs` (npm run build): builds whatever the stamp says.
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await buildApi();
