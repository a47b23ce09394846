import { eq, lt, type SQL } from 'drizzle-orm';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { itemLines } from '../modules/orders/orders.queries.ts';
import { cancelAwaitingOrders } from '../modules/orders/orders.service.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { expirePayments } from '../modules/payments/payments.service.ts';
import { returnStock } from '../modules/products/stock.ts';
import { forgetOrderKeys } from './idempotency.ts';

export async function releaseReservations(
  tx: Tx,
  where: SQL,
  skipLocked: boolean,
  statement: string,
  limit = 500,
): Promise<number[]> {
  const ids = await cancelAwaitingOrders(tx, where, skipLocked, statement, limit);
  if (ids.length === 0) return ids;
  await returnStock(tx, await itemLines(tx, ids));
  await expirePayments(tx, ids);
  return ids;
}

export async function expireReservations(db: Db, now: Date = new Date()): Promise<number[]> {
  return retryTransient(() =>
    db.transaction((tx) =>
      releaseReservations(tx, lt(orders.reservedUntil, now), true, 'release_expired_reservations'),
    ),
  );
}

export async function cancelReservation(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseReservations(tx, eq(orders.id, orderId), false, 'release_reservation');
    await forgetOrderKeys(tx, orderId);
  });
}
