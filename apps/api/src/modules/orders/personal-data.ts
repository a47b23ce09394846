import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Order } from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orders } from './orders.table.ts';
import { orderOfRow } from './orders.queries.ts';

/** Every order of the person, newest first, the unlisted card attempts too: all of it is theirs. */
export async function ordersOfPerson(db: DbOrTx, userId: number): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return Promise.all(rows.map((row) => orderOfRow(db, row)));
}

/** An order the shop still has to deliver, or a card payment still in its window; null when none. */
export async function openOrderOf(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(and(eq(orders.listed, true), inArray(orders.status, ['pending', 'dispatched'])), eq(orders.paymentStatus, 'awaiting')),
      ),
    )
    .orderBy(orders.id)
    .limit(1)
    .for('update');
  return row?.id ?? null;
}

/**
 * docs/product.md, My Profile: the order is kept for the accounts, without whom it went to. City, state
 * and PIN code stay (the place of supply of its tax); the street goes with the name, since together
 * with a PIN code it still points at one home. A business buyer's name and GSTIN go too (a sole
 * proprietor's GSTIN holds their PAN); the invoice keeps them, as issued.
 */
export async function anonymiseOrders(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(orders)
    .set({
      selectedAddress: sql`(${orders.selectedAddress} - 'gstin' - 'businessName') || jsonb_build_object('name', 'Deleted account', 'email', '', 'phone', '', 'street', '')`,
    })
    .where(eq(orders.userId, userId));
}
