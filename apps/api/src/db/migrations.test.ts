import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

// drizzle's migrator applies to an existing database only the migrations dated after the last one it
// applied: a new migration dated before an older one would be skipped on every upgraded database.
describe('the committed migrations', () => {
  it('are dated in the order of their numbers, so an upgraded database applies each new one', () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const entries = journal.entries;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    for (let i = 1; i < entries.length; i++)
      expect(entries[i]!.when, `${entries[i]!.tag} is dated before ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
  });
});
