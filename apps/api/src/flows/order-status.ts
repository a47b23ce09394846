import {
  MESSAGES,
  NEXT_STAGES,
  needsRefund,
  SHOPPER_CANCELLABLE_STATUSES,
  STAGE_LABELS,
  STAGE_STATUS,
  type OrderStage,
  type CancelReason,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { creditOrder, invoiceReopenedOrder } from '../modules/invoices/invoices.service.ts';
import { orderStatusMail, refundNeededMail } from '../modules/orders/order-mail.ts';
import { itemLines, loadOrder, type OrderRow } from '../modules/orders/orders.queries.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { lockOrder, markCashCollected, setOrderStage } from '../modules/orders/orders.service.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import { recordStaffStep } from '../modules/shipping/shipments.service.ts';
import { returnStock, takeStock } from '../modules/products/stock.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';
import { alertLowStock } from './low-stock.ts';

export interface StatusChange {
  order: Order;
  previous: OrderStatus;
  shopperEmail: string | null;
}

/** Staff's change: SPEC's `status` (the original client) or a finer `stage`. */
export type StatusTarget = { status: OrderStatus } | { stage: OrderStage };

// docs/product.md, Order statuses: leaving `cancelled` is a reopening, with a reason (reopenOrder).
export async function updateOrderStatus(
  db: Db,
  fx: Effects,
  id: number,
  target: StatusTarget,
  byAdminId: number | null = null,
): Promise<StatusChange> {
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
      const stage = 'stage' in target ? stageByHand(o, target.stage) : stageForStatus(o, target.status);
      const change = await applyStage(tx, fx, o, accountDeleted ? null : email, stage, byAdminId);
      if (stage !== o.stage) await recordStaffStep(tx, id, stage);
      return change;
    }),
  );
  fx.jobs.wake('mail');
  return result;
}

const DONE: readonly OrderStatus[] = ['dispatched', 'delivered'];

/**
 * The stage SPEC's status means when the original client sets it. Forward only: an order does not go
 * back to pending once it is on its way or delivered, and a cancelled one is reopened by reopenOrder.
 */
export function stageForStatus(o: Pick<OrderRow, 'stage' | 'status'>, status: OrderStatus): OrderStage {
  if (o.status === status) return o.stage;
  if (o.status === 'cancelled') throw conflict(MESSAGES.reopenWithReason);
  if (status === 'pending' || (o.status === 'delivered' && DONE.includes(status)))
    throw conflict(`An order that is ${STAGE_LABELS[o.stage].toLowerCase()} does not go back to ${status}`);
  return status === 'dispatched' ? 'shipped' : status;
}

/** A stage staff may set by hand from the order's own (NEXT_STAGES); shipped comes from booking a shipment. */
export function stageByHand(o: Pick<OrderRow, 'stage' | 'confirmation'>, stage: OrderStage): OrderStage {
  if (stage === o.stage) return stage;
  if (stage === 'confirmed' && o.confirmation === 'awaiting') throw conflict(MESSAGES.confirmWithButton);
  if (!NEXT_STAGES[o.stage].includes(stage)) {
    if (o.stage === 'cancelled') throw conflict(MESSAGES.reopenWithReason);
    if (stage === 'shipped') throw conflict(MESSAGES.bookToShip);
    throw conflict(`An order that is ${STAGE_LABELS[o.stage].toLowerCase()} cannot be marked ${STAGE_LABELS[stage].toLowerCase()}`);
  }
  return stage;
}

/**
 * docs/product.md, Order statuses: a cancelled order back to pending, on purpose and said why. It takes
 * the stock again (409 when it is gone) and is a sale again: a new invoice, which the shopper's mail carries.
 */
export async function reopenOrder(db: Db, fx: Effects, id: number, reason: string, byAdminId: number): Promise<StatusChange> {
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
      if (o.stage !== 'cancelled') throw conflict('Only a cancelled order can be reopened');
      return applyStage(tx, fx, o, accountDeleted ? null : email, 'pending', byAdminId, { note: reason });
    }),
  );
  fx.jobs.wake('mail');
  return result;
}

/**
 * docs/product.md, My Orders: the shopper's own cancel, before dispatch. The row lock makes a second
 * cancel, or one racing the admin's dispatch, see the status the first one committed.
 */
export async function cancelOwnOrder(
  db: Db,
  fx: Effects,
  shopperId: number,
  id: number,
  reason: CancelReason,
): Promise<StatusChange> {
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email } = await lockOrder(tx, id, true, shopperId);
      if (o.status === 'cancelled') throw conflict(MESSAGES.orderAlreadyCancelled);
      if (!SHOPPER_CANCELLABLE_STATUSES.includes(o.status)) throw conflict(MESSAGES.orderAlreadyDispatched);
      const change = await applyStage(tx, fx, o, email, 'cancelled', shopperId, { reason });
      if (needsRefund(change.order)) {
        const to = await adminEmails(tx);
        const shop = await getShopSettings(tx);
        if (to.length) await fx.jobs.send(tx, 'mail', refundNeededMail(change.order, to, fx, shop, reason));
      }
      return change;
    }),
  );
  fx.jobs.wake('mail');
  return result;
}

export interface StageOptions {
  reason?: CancelReason | null;
  /** Ends the shopper's mail's first line. */
  why?: string;
  /** Kept in the history: staff's reason to reopen, or the courier's words. */
  note?: string | null;
}

/** In the caller's transaction, on the order it has locked. */
export async function applyStatus(
  tx: Tx,
  fx: Effects,
  o: OrderRow,
  email: string | null,
  status: OrderStatus,
  by: number | null,
  reason: CancelReason | null = null,
  why?: string,
): Promise<StatusChange> {
  return applyStage(tx, fx, o, email, status === o.status ? o.stage : status === 'dispatched' ? 'shipped' : status, by, { reason, why });
}

/** In the caller's transaction, on the order it has locked: the stage, its status, the stock, the documents, the mail. */
export async function applyStage(
  tx: Tx,
  fx: Effects,
  o: OrderRow,
  email: string | null,
  stage: OrderStage,
  by: number | null,
  opts: StageOptions = {},
): Promise<StatusChange> {
  const id = o.id;
  const status = STAGE_STATUS[stage];
  // docs/product.md, Cash on delivery: an order the shopper has not confirmed is not shipped.
  if (o.confirmation === 'awaiting' && o.status === 'pending' && (status === 'dispatched' || status === 'delivered'))
    throw conflict(MESSAGES.confirmBeforeDispatch);
  if (o.stage === stage) return { order: await loadOrder(tx, id), previous: o.status, shopperEmail: email };
  if (status === 'cancelled' && o.status !== 'cancelled') await returnStock(tx, await itemLines(tx, [id]));
  else if (o.status === 'cancelled' && status !== 'cancelled') await takeStock(tx, await itemLines(tx, [id]), false);
  await setOrderStage(tx, id, stage);
  await recordStatus(tx, id, o.status, status, by, opts.reason ?? null, null, { stage, note: opts.note ?? null });
  // The courier collects the cash on delivery (until shipping reports remittances, delivered is collected).
  if (stage === 'delivered' && o.paymentMethod === 'cash' && !o.cashCollectedAt) await markCashCollected(tx, id);
  let order = await loadOrder(tx, id);
  const shop = await getShopSettings(tx);
  if (status !== o.status && (status === 'cancelled' || o.status === 'cancelled')) {
    if (status === 'cancelled') await creditOrder(tx, id);
    else await invoiceReopenedOrder(tx, order, shop);
    order = await loadOrder(tx, id);
  }
  // A deleted account's address is no one's (decision 030).
  if (email !== null) await fx.jobs.send(tx, 'mail', orderStatusMail(order, email, fx, shop, o.status, opts.why));
  if (o.status === 'cancelled') await alertLowStock(tx, fx, order, shop);
  return { order, previous: o.status, shopperEmail: email };
}
