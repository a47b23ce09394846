// `npm start`: build what is missing, then migrate, seed and serve (apps/api/src/cli.ts start).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfStale, root } from './lib/build-web.mjs';

buildWebIfStale();
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli.ts'), 'start', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
