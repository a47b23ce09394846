import type { Order, ShopSettings } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { newOrderMail, orderPlacedMail } from '../modules/orders/order-mail.ts';
import type { LowStockCrossing } from '../modules/products/low-stock.ts';
import type { Effects } from './effects.ts';
import { alertLowStock } from './low-stock.ts';

export interface Sale {
  order: Order;
  shopperEmail: string;
  shop: ShopSettings;
  /** The shop's admins, told of each new order. */
  admins: string[];
}

/**
 * Once per order, in the transaction that places (cash) or pays (card) it. A card settlement passes
 * no `taken`: its reservation took the stock and sent the alert then.
 */
export async function afterSale(tx: Tx, fx: Effects, sale: Sale, taken?: LowStockCrossing[]): Promise<void> {
  await fx.jobs.send(tx, 'mail', orderPlacedMail(sale.order, sale.shopperEmail, fx, sale.shop));
  if (sale.admins.length)
    await fx.jobs.send(tx, 'mail', newOrderMail(sale.order, sale.shopperEmail, sale.admins, fx, sale.shop));
  if (taken) await alertLowStock(tx, fx, sale.order, sale.shop, taken);
}
