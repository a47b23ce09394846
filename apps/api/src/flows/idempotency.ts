import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { idempotencyKeys } from './idempotency.table.ts';

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Invalid Idempotency-Key')
    .max(100, 'Invalid Idempotency-Key')
    .optional(),
});

export interface IdempotencyKey {
  scope: string;
  key: string;
}

export async function claimKey(tx: Tx, k: IdempotencyKey): Promise<boolean> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values(k)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed !== undefined;
}

export async function priorOrder(tx: Tx, k: IdempotencyKey): Promise<number> {
  const [prior] = await tx
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.key, k.key)));
  if (!prior?.orderId) throw conflict('This request was already made');
  return prior.orderId;
}

export async function recordOrder(tx: Tx, k: IdempotencyKey, orderId: number): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.key, k.key)));
}

export async function forgetOrderKeys(tx: Tx, orderId: number): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
}

/** A retry comes within minutes; a key kept longer only grows the table. */
export async function pruneIdempotencyKeys(db: DbOrTx, olderThanMs: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - olderThanMs)));
}
