import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { idempotencyKeys } from './idempotency.table.ts';
import { claimKey, pruneIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

it('prunes the keys older than the given age and keeps the recent ones claimed', async () => {
  const ago = (ms: number) => new Date(Date.now() - ms);
  await t.db.insert(idempotencyKeys).values([
    { scope: 'order:1', key: 'old', createdAt: ago(25 * HOUR_MS) },
    { scope: 'order:1', key: 'recent', createdAt: ago(23 * HOUR_MS) },
    { scope: 'cart-merge:2', key: 'old', createdAt: ago(48 * HOUR_MS) },
  ]);
  await pruneIdempotencyKeys(t.db, 24 * HOUR_MS);
  const left = await t.db
    .select({ scope: idempotencyKeys.scope, key: idempotencyKeys.key })
    .from(idempotencyKeys);
  expect(left).toEqual([{ scope: 'order:1', key: 'recent' }]);
  await t.db.transaction(async (tx) => {
    expect(await claimKey(tx, { scope: 'order:1', key: 'recent' })).toBe(false);
    expect(await claimKey(tx, { scope: 'order:1', key: 'old' })).toBe(true);
  });
});
