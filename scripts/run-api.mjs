// Runs one of the API's commands (apps/api/src/cli.ts: create-admin, seed) compiled, as `npm start`
// runs the server, or the benchmark (apps/api/bench, development only) through tsx.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build-web.mjs';
import { buildApiIfStale, runCompiledApi } from './lib/build-api.mjs';

const [command, ...args] = process.argv.slice(2);
if (command === 'bench') {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/bench/main.ts'), ...args], {
    stdio: 'inherit',
    cwd: root,
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await buildApiIfStale();
  await runCompiledApi([command ?? '', ...args]);
}
