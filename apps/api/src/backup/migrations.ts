import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../db/client.ts';
import { repoRoot } from '../env.ts';

type Query = (text: string) => Promise<unknown[]>;

export async function appliedMigrations(query: Query): Promise<number> {
  const [table] = (await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present")) as { present: boolean }[];
  if (!table?.present) return 0;
  const [row] = (await query('select count(*)::int as n from drizzle.__drizzle_migrations')) as { n: number }[];
  return row?.n ?? 0;
}

export function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot(), 'apps', 'api', 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
