import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { repoRoot } from './env.ts';
import { users } from './modules/users/users.table.ts';
import { insertUser } from '../test/app.ts';

// A fresh PGlite folder takes seconds to create on a busy machine, more under a parallel suite.
const SLOW = 90_000;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-cli-'));
  dirs.push(dir);
  return dir;
}

/** Runs `node --import tsx apps/api/src/cli.ts …` as a shop owner would, with only DATA_DIR set. */
function runCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], {
      cwd: repoRoot(),
      // A minimal environment: no DATABASE_URL from the developer's shell, so PGlite in DATA_DIR it is.
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function usersIn(dataDir: string) {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  try {
    return await database.db.select().from(users);
  } finally {
    await database.close();
  }
}

describe('create-admin', () => {
  it(
    'creates an admin who can sign in, in an empty data folder',
    async () => {
      const dataDir = tempDataDir();
      const res = await runCli(['create-admin', '--email', 'owner@sareepari.example', '--password', 'Admin2025x', '--name', 'Priya Shah'], dataDir);
      expect(res.stderr).toBe('');
      expect(res.stdout.trim()).toBe('Admin owner@sareepari.example created.');
      expect(res.code).toBe(0);
      const rows = await usersIn(dataDir);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'owner@sareepari.example', name: 'Priya Shah', role: 'admin' });
      expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(rows[0]!.passwordHash, 'Admin2025x')).toBe(true);
      expect(existsSync(join(dataDir, 'shop.lock'))).toBe(false);
    },
    SLOW,
  );

  it(
    'promotes an existing user, found whatever the case of the email, and sets the new password',
    async () => {
      const dataDir = tempDataDir();
      const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
      await migrate(database);
      const user = await insertUser(database.db, { email: 'ravi@example.com', role: 'user' });
      await database.close();

      const res = await runCli(['create-admin', '--email', 'RAVI@example.com', '--password', 'Admin2025x'], dataDir);
      expect(res.stdout.trim()).toBe('RAVI@example.com is now an admin (password updated).');
      expect(res.code).toBe(0);
      const rows = await usersIn(dataDir);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: user.id, email: 'ravi@example.com', role: 'admin' });
      expect(await verify(rows[0]!.passwordHash, 'Admin2025x')).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses with a clear message while another process holds the data folder',
    async () => {
      const dataDir = tempDataDir();
      const release = lockDataDir(dataDir, 'the shop server');
      try {
        const res = await runCli(['create-admin', '--email', 'owner@sareepari.example', '--password', 'Admin2025x'], dataDir);
        expect(res.code).toBe(1);
        expect(res.stderr.trim()).toBe(
          `The data folder ${dataDir} is in use by another process (the shop server, pid ${process.pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere. The embedded database serves one process at a time; ' +
            'set DATABASE_URL to use PostgreSQL with several.',
        );
        expect(existsSync(join(dataDir, 'db'))).toBe(false);
      } finally {
        release();
      }
    },
    SLOW,
  );

  it('refuses a weak password with the signup rule, before touching any database', async () => {
    const dataDir = tempDataDir();
    const res = await runCli(['create-admin', '--email', 'owner@sareepari.example', '--password', 'admin'], dataDir);
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('Min 8 chars, 1 upper, 1 lower, 1 number');
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
  });

  it('explains its usage when the email or password is missing', async () => {
    const res = await runCli(['create-admin', '--email', 'owner@sareepari.example'], tempDataDir());
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('Usage: npm run create-admin -- --email E --password P [--name N]');
  });
});
