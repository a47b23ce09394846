import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends to browsers that
 * accept them (@fastify/static preCompressed): a third of the bytes, compressed once at build time
 * instead of on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
            const data = readFileSync(path);
            if (data.length < 1024) continue;
            writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Issue 17: src/boot.ts is an entry of its own, named in index.html before the app's main script, so
 * that it runs (and starts the first page's requests) while that larger script still downloads and
 * runs. Vite folds every script of an HTML page into one entry, hence this small plugin.
 */
function bootScript(): Plugin {
  return {
    name: 'shop-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = ctx.bundle
          ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot')?.fileName
          : 'src/boot.ts';
        if (!boot) throw new Error('the boot entry is missing from the build');
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * `vite build` makes the app (dist/); `vite build --ssr` makes the home page's first paint, drawn on
 * the server from the app's own components (src/first-paint.server.tsx → dist-ssr/, issue 17).
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        build: { outDir: 'dist-ssr', copyPublicDir: false, sourcemap: false, rollupOptions: { input: 'src/first-paint.server.tsx' } },
      }
    : {
        plugins: [react(), tailwindcss(), precompress(), bootScript()],
        server: {
          port: 5173,
          proxy: { '/api': apiTarget, '/uploads': apiTarget },
        },
        build: {
          outDir: 'dist',
          sourcemap: false,
          manifest: true,
          chunkSizeWarningLimit: 400,
          rollupOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } },
        },
      },
);
