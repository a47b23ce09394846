// Runs one of the API's commands (apps/api/src/cli.ts: create-admin, seed), or the benchmark (apps/api/bench).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build-web.mjs';

const [command, ...args] = process.argv.slice(2);
const entry = command === 'bench' ? ['apps/api/bench/main.ts', ...args] : ['apps/api/src/cli.ts', command ?? '', ...args];
const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry[0]), ...entry.slice(1)], {
  stdio: 'inherit',
  cwd: root,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
