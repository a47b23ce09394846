// `npm start`: build what is missing or stale (the web app, then the API into apps/api/dist), then
// migrate, seed and serve with the compiled server, in production and out of it alike
// (docs/decisions/013-compiled-server.md). `npm run dev` keeps the TypeScript with tsx --watch.
import { buildWebIfStale } from './lib/build-web.mjs';
import { buildApiIfStale, runCompiledApi } from './lib/build-api.mjs';

buildWebIfStale();
await buildApiIfStale();
await runCompiledApi(['start', ...process.argv.slice(2)]);
