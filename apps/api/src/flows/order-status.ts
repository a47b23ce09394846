import {
  MESSAGES,
  needsRefund,
  SHOPPER_CANCELLABLE_STATUSES,
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
import { lockOrder, markCashCollected, setOrderStatus } from '../modules/orders/orders.service.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import { returnStock, takeStock } from '../modules/products/stock.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';
import { alertLowStock } from './low-stock.ts';

export interface StatusChange {
  order: Order;
  previous: OrderStatus;
  shopperEmail: string | null;
}

// docs/product.md, Order statuses: leaving `cancelled` takes the stock again (409 when it is gone) and is a sale again.
export async function updateOrderStatus(
  db: Db,
  fx: Effects,
  id: number,
  status: OrderStatus,
  byAdminId: number | null = null,
): Promise<StatusChange> {
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
      return applyStatus(tx, fx, o, accountDeleted ? null : email, status, byAdminId);
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
      const change = await applyStatus(tx, fx, o, email, 'cancelled', shopperId, reason);
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

/** In the caller's transaction, on the order it has locked; `why` ends the shopper's mail's first line. */
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
  const id = o.id;
  // docs/product.md, Cash on delivery: an order the shopper has not confirmed is not shipped.
  if (o.confirmation === 'awaiting' && o.status === 'pending' && (status === 'dispatched' || status === 'delivered'))
    throw conflict(MESSAGES.confirmBeforeDispatch);
  if (o.status !== status) {
    if (status === 'cancelled') await returnStock(tx, await itemLines(tx, [id]));
    else if (o.status === 'cancelled') await takeStock(tx, await itemLines(tx, [id]), false);
    await setOrderStatus(tx, id, status);
    await recordStatus(tx, id, o.status, status, by, reason);
    // The courier collects the cash on delivery (until shipping reports remittances, delivered is collected).
    if (status === 'delivered' && o.paymentMethod === 'cash' && !o.cashCollectedAt) await markCashCollected(tx, id);
  }
  let order = await loadOrder(tx, id);
  if (o.status === status) return { order, previous: o.status, shopperEmail: email };
  const shop = await getShopSettings(tx);
  if (status === 'cancelled' || o.status === 'cancelled') {
    if (status === 'cancelled') await creditOrder(tx, id);
    else await invoiceReopenedOrder(tx, order, shop);
    order = await loadOrder(tx, id);
  }
  // A deleted account's address is no one's (decision 030).
  if (email !== null) await fx.jobs.send(tx, 'mail', orderStatusMail(order, email, fx, shop, o.status, why));
  if (o.status === 'cancelled') await alertLowStock(tx, fx, order, shop);
  return { order, previous: o.status, shopperEmail: email };
}
