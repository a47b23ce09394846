import { asc, eq } from 'drizzle-orm';
import type { CancelReason, OrderStage, OrderStatus, OrderStatusEvent } from '@shop/shared';
import { named, type DbOrTx, type Tx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { orderStatusHistory } from './orders.table.ts';

/** In the caller's transaction, so a step exists exactly when its change does; `by` null is the shop. */
export async function recordStatus(
  tx: Tx,
  orderIds: number | number[],
  from: OrderStatus | null,
  to: OrderStatus,
  by: number | null,
  reason: CancelReason | null = null,
  event: OrderStatusEvent['event'] | null = null,
  detail: { stage: OrderStage | null; note: string | null } = { stage: null, note: null },
): Promise<void> {
  const ids = Array.isArray(orderIds) ? orderIds : [orderIds];
  if (ids.length === 0) return;
  const insert = tx
    .insert(orderStatusHistory)
    .values(ids.map((orderId) => ({ orderId, fromStatus: from, toStatus: to, byUserId: by, reason, event, stage: detail.stage, note: detail.note })));
  if (ids.length === 1) await named(insert, 'order_status_history_insert');
  else await insert;
}

export async function statusHistory(
  db: DbOrTx,
  orderId: number,
  withWho: boolean,
): Promise<OrderStatusEvent[]> {
  const rows = await db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      at: orderStatusHistory.at,
      reason: orderStatusHistory.reason,
      event: orderStatusHistory.event,
      stage: orderStatusHistory.stage,
      note: orderStatusHistory.note,
      byId: users.id,
      byName: users.name,
      byRole: users.role,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.byUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return rows.map((r) => ({
    from: r.from,
    to: r.to,
    at: r.at.toISOString(),
    ...(withWho ? { by: r.byId === null ? null : { id: r.byId, name: r.byName!, role: r.byRole! } } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.event ? { event: r.event } : {}),
    ...(r.stage ? { stage: r.stage } : {}),
    // Staff's reasons are the shop's own.
    ...(withWho && r.note ? { note: r.note } : {}),
  }));
}
