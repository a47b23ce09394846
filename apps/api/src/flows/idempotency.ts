import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { idempotencyKeys } from './idempotency.table.ts';

/** `Idempotency-Key` (optional): a retried checkout with the same key returns the first order. */
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

/**
 * Claims a key inside the caller's transaction: true when this request is the first with it. A
 * concurrent retry blocks on the insert until the first request commits or rolls back, then sees it.
 */
export async function claimKey(tx: Tx, k: IdempotencyKey): Promise<boolean> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values(k)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed !== undefined;
}

/** The order an earlier request with this key made; 409 when that request made none. */
export async function priorOrder(tx: Tx, k: IdempotencyKey): Promise<number> {
  const [prior] = await tx
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.key, k.key)));
  if (!prior?.orderId) throw conflict('This request was already made');
  return prior.orderId;
}

/** Records the order a claimed key's request made, so a retry is answered with it. */
export async function recordOrder(tx: Tx, k: IdempotencyKey, orderId: number): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.key, k.key)));
}

/** Forgets the keys of an undone order, so a retry with the same key starts afresh. */
export async function forgetOrderKeys(tx: Tx, orderId: number): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
}
