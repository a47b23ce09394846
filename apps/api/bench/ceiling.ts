import { spawn } from 'node:child_process';
import { freePort } from './server.ts';

/** The reply of the ceiling server: a small constant JSON, like /api/health's. */
export const CEILING_BODY = '{"ok":true}';

// A bare node:http server: what any Node server on this machine can answer at most, in its own
// process like the shop's, so the shop's throughput reads as a share of it (docs/performance.md).
const SOURCE = `
const http = require('node:http');
const body = Buffer.from(${JSON.stringify(CEILING_BODY)});
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

export interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

export async function startCeiling(): Promise<Ceiling> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', SOURCE, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The ceiling server exited at start (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
