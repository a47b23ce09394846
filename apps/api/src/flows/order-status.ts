import type { Order, OrderStatus } from '@shop/shared';
import { retryTransient, type Db } from '../db/client.ts';
import { creditOrder, invoiceReopenedOrder } from '../modules/invoices/invoices.service.ts';
import { orderStatusMail } from '../modules/orders/order-mail.ts';
import { itemLines, loadOrder } from '../modules/orders/orders.queries.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { lockOrder, setOrderStatus } from '../modules/orders/orders.service.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import { returnStock, takeStock } from '../modules/products/stock.ts';
import type { Effects } from './effects.ts';
import { alertLowStock } from './low-stock.ts';

export interface StatusChange {
  order: Order;
  previous: OrderStatus;
  shopperEmail: string;
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
      const { order: o, email } = await lockOrder(tx, id, true);
      if (o.status !== status) {
        if (status === 'cancelled') await returnStock(tx, await itemLines(tx, [id]));
        else if (o.status === 'cancelled') await takeStock(tx, await itemLines(tx, [id]), false);
        await setOrderStatus(tx, id, status);
        await recordStatus(tx, id, o.status, status, byAdminId);
      }
      let order = await loadOrder(tx, id);
      if (o.status === status) return { order, previous: o.status, shopperEmail: email };
      const shop = await getShopSettings(tx);
      if (status === 'cancelled' || o.status === 'cancelled') {
        if (status === 'cancelled') await creditOrder(tx, id);
        else await invoiceReopenedOrder(tx, order, shop);
        order = await loadOrder(tx, id);
      }
      await fx.jobs.send(tx, 'mail', orderStatusMail(order, email, fx.webUrl, shop, o.status));
      if (o.status === 'cancelled') await alertLowStock(tx, fx, order, shop.lowStockThreshold);
      return { order, previous: o.status, shopperEmail: email };
    }),
  );
  fx.jobs.wake('mail');
  return result;
}
