import type { Order, OrderStatus } from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { creditOrder, invoiceReopenedOrder } from '../modules/invoices/invoices.service.ts';
import { itemLines, loadOrder } from '../modules/orders/orders.queries.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { lockOrder, setOrderStatus } from '../modules/orders/orders.service.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import { returnStock, takeStock } from '../modules/products/stock.ts';

export interface StatusChange {
  order: Order;
  previous: OrderStatus;
  shopperEmail: string;
}

/**
 * docs/product.md, Order statuses: an admin may set any status. Moving into `cancelled` returns the stock; moving out of it
 * takes the stock again, or fails with 409 and changes nothing when it is gone.
 */
export async function updateOrderStatus(
  db: Db,
  id: number,
  status: OrderStatus,
  onChanged?: (tx: Tx, change: StatusChange) => Promise<void>,
  /** The admin making the change, kept in the order's status history. */
  by: number | null = null,
): Promise<StatusChange> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email } = await lockOrder(tx, id, true);
      if (o.status !== status) {
        if (status === 'cancelled') await returnStock(tx, await itemLines(tx, [id]));
        else if (o.status === 'cancelled') await takeStock(tx, await itemLines(tx, [id]), false);
        await setOrderStatus(tx, id, status);
        await recordStatus(tx, id, o.status, status, by);
      }
      let order = await loadOrder(tx, id);
      // Issue 15: cancelling credits the invoice; an order moved out of cancelled is a sale again (decision 017).
      if (o.status !== status && (status === 'cancelled' || o.status === 'cancelled')) {
        if (status === 'cancelled') await creditOrder(tx, id);
        else await invoiceReopenedOrder(tx, order, await getShopSettings(tx));
        order = await loadOrder(tx, id);
      }
      const change = { order, previous: o.status, shopperEmail: email };
      if (o.status !== status) await onChanged?.(tx, change);
      return change;
    }),
  );
}
