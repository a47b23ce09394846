// `npm run dev`: the API on 3000 (restarting on change) and Vite with hot reload on 5173, proxying /api.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build-web.mjs';

const procs = [
  // The shop is seen at Vite's address: writes come from there, and mails link there.
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/api/src/cli.ts'), 'start'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: join(root, 'apps/web') }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
