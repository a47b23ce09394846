import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { childEnv } from '../env.ts';
import { BackupError } from './archive.ts';
import { appliedMigrations } from './migrations.ts';

// The password moves to PGPASSWORD so that it does not show in the process list.
function libpqTarget(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { dbname: databaseUrl, env: {} };
  }
  if (!/^postgres(ql)?:$/.test(url.protocol) || !url.password) return { dbname: databaseUrl, env: {} };
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.href, env: { PGPASSWORD: password } };
}

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

function startTool(tool: Tool, args: string[], env: Record<string, string>, io: { stdin?: Readable; stdout?: boolean } = {}) {
  const child = spawn(tool, args, { env: childEnv(env), stdio: [io.stdin ? 'pipe' : 'ignore', io.stdout ? 'pipe' : 'ignore', 'pipe'] });
  if (io.stdin) {
    // A tool that stops reading fails on its own; its exit code tells, not the broken pipe.
    child.stdin!.on('error', () => undefined);
    io.stdin.pipe(child.stdin!);
  }
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install the PostgreSQL client tools, of the server's major version or newer ` +
                '(Debian and Ubuntu: apt-get install postgresql-client), and make sure they are on PATH.',
            )
          : err,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${code ?? signal}):\n${stderr.trim()}`));
    });
  });
  return { stdout: child.stdout, done };
}

export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(databaseUrl);
  await startTool('pg_dump', ['--format=custom', '--no-password', '--file', file, '--dbname', dbname], env).done;
}

async function dumpSchemas(file: string): Promise<string[]> {
  const list = startTool('pg_restore', ['--list', file], {}, { stdout: true });
  let toc = '';
  list.stdout!.on('data', (c: Buffer) => (toc += c.toString()));
  await list.done;
  return [...toc.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+)(?: |$)/gm)].map((m) => m[1]!).filter((name) => name !== 'public');
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

// One transaction through psql; the backup's schemas are dropped whole first, as pg_restore --clean
// cannot drop the job queue's partitions one by one (docs/decisions/015-backups.md).
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(databaseUrl);
  const drops = (await dumpSchemas(file)).map((s) => `drop schema if exists ${quoteIdent(s)} cascade;`);
  const sqlText = startTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', file], {}, { stdout: true });
  const psql = startTool(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--no-password', '--dbname', dbname, ...(drops.length ? ['--command', drops.join(' ')] : []), '--file', '-'],
    env,
    { stdin: sqlText.stdout! },
  );
  // psql's failure first: when it stops, pg_restore fails too, only of the broken pipe.
  const [written, ran] = await Promise.allSettled([sqlText.done, psql.done]);
  if (ran.status === 'rejected') throw ran.reason;
  if (written.status === 'rejected') throw written.reason;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function postgresTables(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1`,
    );
    return rows.map((r) => r.name);
  });
}

export function postgresMigrations(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, (client) => appliedMigrations(async (text) => (await client.query(text)).rows));
}
