import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { childEnv, repoRoot } from '../src/env.ts';

interface BuildModule {
  buildApiIfStale(opts?: { quiet?: boolean }): Promise<boolean>;
  apiEntry: string;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Peak resident memory so far of the server and its workers, in bytes (VmHWM, summed). */
  peakMemory(): number;
  /** Resident memory now of the server and each worker, in bytes (VmRSS), by pid. */
  residentMemory(): Map<number, number>;
  /** The product cache's hits and misses so far, summed over the server's processes (bench/cache-probe.ts). */
  cacheCounts(): Promise<{ hits: number; misses: number }>;
  /** Lines the server printed, for the report when something breaks. */
  output(): string;
  stop(): Promise<void>;
}

/** A port the kernel just handed out, free for the server to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function status(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The pids a process started (cluster workers), from /proc. */
function children(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return tasks ? tasks.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

const kb = (s: string | undefined, key: string) =>
  Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(s ?? '')?.[1] ?? 0) * 1024;

/**
 * Starts the real server as a child process, as production runs it: the compiled `dist/cli.js start`
 * with NODE_ENV=production, rate limits off (every request comes from one address) and no demo seed.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const root = repoRoot();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The compiled server, built when stale, as `npm start` runs it (decision 013).
  const build = (await import(pathToFileURL(join(root, 'scripts/lib/build-api.mjs')).href)) as BuildModule;
  await build.buildApiIfStale({ quiet: true });
  const probeDir = mkdtempSync(join(tmpdir(), 'shop-bench-probe-'));
  const child: ChildProcess = spawn(
    process.execPath,
    // The probe counts cache hits in every process (cluster workers inherit the flags). Node flags
    // for the server alone, such as `--cpu-prof --cpu-prof-dir=…` to see where its time goes, come
    // from BENCH_SERVER_NODE_ARGS (NODE_OPTIONS refuses --cpu-prof).
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      '--import',
      pathToFileURL(join(root, 'apps/api/bench/cache-probe.mjs')).href,
      build.apiEntry,
      'start',
    ],
    {
      cwd: root,
      env: childEnv({
        NODE_ENV: 'production',
        RATE_LIMITS: 'off',
        SEED_DEMO: '0',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        // The test provider's card network, for the sale hour's card payments (it moves no money).
        PAYMENT_PROVIDER: 'test',
        BENCH_PROBE_DIR: probeDir,
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Peaks of workers that have exited are kept, so a restart does not hide its memory.
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of [child.pid!, ...children(child.pid!)]) {
      const hwm = kb(status(pid), 'VmHWM');
      if (hwm) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, hwm));
    }
  };
  const sampler = setInterval(sample, 500);
  let probes = 0;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      clearInterval(sampler);
      throw new Error(`The server exited at start (code ${child.exitCode}):\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      clearInterval(sampler);
      throw new Error(`The server did not answer within 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid: child.pid!,
    residentMemory() {
      const now = new Map<number, number>();
      for (const pid of [child.pid!, ...children(child.pid!)]) {
        const rss = kb(status(pid), 'VmRSS');
        if (rss) now.set(pid, rss);
      }
      return now;
    },
    peakMemory() {
      sample();
      let sum = 0;
      for (const v of peaks.values()) sum += v;
      return sum;
    },
    async cacheCounts() {
      const request = String(++probes);
      writeFileSync(join(probeDir, 'request'), request);
      const pids = [child.pid!, ...children(child.pid!)];
      for (const pid of pids) process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 10_000;
      for (;;) {
        const answers = pids.map((pid) => {
          try {
            return JSON.parse(readFileSync(join(probeDir, `${pid}.json`), 'utf8')) as {
              request: string;
              hits: number;
              misses: number;
            };
          } catch {
            return undefined;
          }
        });
        if (answers.every((a) => a?.request === request))
          return answers.reduce((sum, a) => ({ hits: sum.hits + a!.hits, misses: sum.misses + a!.misses }), {
            hits: 0,
            misses: 0,
          });
        if (Date.now() > deadline)
          throw new Error('The server processes did not report their cache counts within 10 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    output: () => out,
    async stop() {
      sample();
      clearInterval(sampler);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(probeDir, { recursive: true, force: true });
    },
  };
}
