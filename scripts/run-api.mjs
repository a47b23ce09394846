// Runs one of the API's commands (apps/api/src/cli.ts): create-admin, seed, bench.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build-web.mjs';

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
