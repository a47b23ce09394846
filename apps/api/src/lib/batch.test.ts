import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch.ts';

/** A loader over a fixed table that records each call's keys. */
function recorded(table: Record<number, string>, maxBatch?: number) {
  const calls: number[][] = [];
  const loader = batchLoader<number, string>(async (keys) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k]!]));
  }, maxBatch);
  return { loader, calls };
}

describe('batchLoader', () => {
  it('reads the keys asked for in one turn with one call, each distinct key once', async () => {
    const { loader, calls } = recorded({ 1: 'a', 2: 'b', 3: 'c' });
    const got = await Promise.all([loader.load(1), loader.load(2), loader.load(1), loader.load(9)]);
    expect(got).toEqual(['a', 'b', 'a', undefined]);
    expect(calls).toEqual([[1, 2, 9]]);
  });

  it('starts a new call for keys asked for in a later turn', async () => {
    const { loader, calls } = recorded({ 1: 'a', 2: 'b' });
    expect(await loader.load(1)).toBe('a');
    expect(await loader.load(2)).toBe('b');
    expect(calls).toEqual([[1], [2]]);
  });

  it('splits a large turn into calls of at most maxBatch keys', async () => {
    const table = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, `v${i}`]));
    const { loader, calls } = recorded(table, 8);
    const got = await Promise.all(Array.from({ length: 20 }, (_, i) => loader.load(i)));
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`));
    expect(calls.map((c) => c.length)).toEqual([8, 8, 4]);
  });

  it('rejects every load of a failed call, and the next turn reads again', async () => {
    let fail = true;
    const loader = batchLoader<number, number>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k * 10]));
    });
    const failed = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load(1)).toBe(10);
  });
});
