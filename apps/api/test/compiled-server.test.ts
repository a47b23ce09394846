import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/env.ts';
import { testDatabaseUrl } from './database-url.ts';
import { createPostgresDatabase, testDbKind } from './app.ts';
import { call, startServer, type ServerProcess } from './security/servers.ts';

// Each test starts the server as a process; a fresh PGlite folder takes seconds on a busy machine.
const SLOW = 90_000;
const root = repoRoot();
const dist = join(root, 'apps/api/dist');

let dataDir: string;
let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
beforeAll(async () => {
  // What `npm run build` runs: the bundle is made from the sources as they are now.
  const build = spawnSync(process.execPath, ['scripts/lib/build-api.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  dataDir = mkdtempSync(join(tmpdir(), 'shop-compiled-'));
  const baseUrl = testDatabaseUrl();
  if (baseUrl) pgDb = await createPostgresDatabase(baseUrl);
}, SLOW);
afterAll(async () => {
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  server: ServerProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startCompiled(env: Record<string, string> = {}): Promise<Started> {
  const server = await startServer({
    compiled: true,
    dataDir,
    databaseUrl: pgDb?.url,
    env: { NODE_ENV: 'production', ...env },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      resolve({ code: server.child.exitCode, signal: server.child.signalCode });
    server.child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { server, exited };
}

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A raw connection that has sent `head`, the rest held back: a request in flight, not an idle connection. */
async function heldRequest(port: number, head: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let reply = '';
  socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
  const closed = once(socket, 'close');
  socket.write(head);
  return { finish: (rest: string) => socket.write(rest), reply: () => reply, closed };
}

/**
 * A signup whose headers and first bytes have gone while the rest of its body is still to come,
 * once the server has logged it (LOG_LEVEL=info): from then on it is in flight, whatever the load.
 */
async function slowSignup(server: ServerProcess, email: string) {
  const body = JSON.stringify({
    name: 'Ravi Kumar',
    phoneNumber: '+919820012345',
    email,
    password: 'Silk2024x',
  });
  const head = `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const held = await heldRequest(server.port, head + body.slice(0, 10));
  await until('the server to take the signup', () => server.output().includes('"url":"/api/auth/signup"'));
  return { ...held, finish: () => held.finish(body.slice(10)) };
}

describe('the compiled server', () => {
  it(
    'is a bundle without TypeScript, tsx or esbuild that plain node runs, and answers the health and readiness checks',
    async () => {
      const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
      expect(files).toContain('cli.js');
      for (const f of files) {
        const code = readFileSync(join(dist, f), 'utf8');
        expect(code, f).not.toMatch(/(?:from|import\()\s*["'](?:tsx|esbuild)(?:\/[^"']*)?["']/);
        expect(code, f).not.toMatch(/(?:from|import\()\s*["'][^"']+\.tsx?["']/);
      }
      const { server, exited } = await startCompiled();
      if (existsSync(`/proc/${server.child.pid}/cmdline`)) {
        // No --import, no loader: what runs is node and the bundle.
        const argv = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        expect(argv.slice(1)).toEqual(['apps/api/dist/cli.js', 'start']);
      }
      expect(await call(server.url, 'GET', '/api/health')).toMatchObject({ status: 200, body: { ok: true } });
      expect(await call(server.url, 'GET', '/api/ready')).toMatchObject({ status: 200, body: { ok: true } });
      // A data file beside the sources, found from dist/ as from src/ (decision 037).
      expect(await call(server.url, 'GET', '/api/pincodes/400050')).toMatchObject({ status: 200, body: { district: 'Mumbai Suburban', state: 'Maharashtra' } });
      server.child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    },
    SLOW,
  );

  it('leaves tsx and esbuild out of the production dependencies', () => {
    const ls = spawnSync('npm', ['ls', '--omit=dev', '--json', 'tsx', 'esbuild'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect((JSON.parse(ls.stdout) as { dependencies?: unknown }).dependencies).toBeUndefined();
  });

  it(
    'on SIGTERM refuses new connections, finishes the request still arriving, answers readiness 503 and exits 0',
    async () => {
      const { server, exited } = await startCompiled({ LOG_LEVEL: 'info' });
      // A readiness check whose headers are not complete yet: it will ask once shutdown has begun.
      // Sent first, so that by the time the signup is seen, so are its first bytes.
      const ready = await heldRequest(
        server.port,
        `GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`,
      );
      const inFlight = await slowSignup(server, 'drain@example.com');
      server.child.kill('SIGTERM');
      await until('the listening socket to close', () => refused(server.port));
      expect(server.child.exitCode).toBeNull();

      ready.finish('\r\n');
      await ready.closed;
      expect(ready.reply()).toMatch(/^HTTP\/1\.1 503 [^]*\r\n\r\n\{[^]*"message":"[^"]+"/);

      inFlight.finish();
      await inFlight.closed;
      expect(inFlight.reply()).toMatch(
        /^HTTP\/1\.1 201 [^]*connection: close\r\n[^]*"email":"drain@example\.com"/i,
      );

      expect(await exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('Closed.');
    },
    SLOW,
  );

  it(
    'exits at once with 1 on a second SIGTERM, without waiting for the request in flight',
    async () => {
      const { server, exited } = await startCompiled({ LOG_LEVEL: 'info' });
      const inFlight = await slowSignup(server, 'forced@example.com');
      server.child.kill('SIGTERM');
      // A repeat within a second is taken for an echo of the first (npm and the terminal both send one).
      await sleep(1500);
      expect(server.child.exitCode).toBeNull();
      server.child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 1, signal: null });
      await inFlight.closed;
      expect(inFlight.reply()).toBe('');
      expect(server.output()).toContain('A second stop signal: exiting without waiting.');
    },
    SLOW,
  );

  it(
    'in cluster mode passes SIGTERM to the workers and exits 0 once they have drained and exited (PostgreSQL; PGlite serves one process)',
    async () => {
      const { server, exited } = await startCompiled({ WEB_CONCURRENCY: '2' });
      const processes = testDbKind === 'postgres' ? 2 : 1;
      await until('the workers', () => server.output().split('is open at').length === processes + 1, 60_000);
      expect(await call(server.url, 'GET', '/api/ready')).toMatchObject({ status: 200 });
      server.child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(server.output().split('is open at').length).toBe(processes + 1);
      expect(server.output().split('Closed.').length).toBe(processes + 1);
      expect(await refused(server.port)).toBe(true);
    },
    SLOW,
  );
});
