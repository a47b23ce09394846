import { eq } from 'drizzle-orm';
import { rupeesToPaise, type Order, type OrderBody } from '@shop/shared';
import { retryTransient, type Db } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { takeCheckoutLines } from '../modules/cart/cart.service.ts';
import { loadOrder, withDocumentNumbers } from '../modules/orders/orders.queries.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { deliveryProblem } from '../modules/delivery/delivery.service.ts';
import { goodsValuePaise, insertOrder } from '../modules/orders/orders.service.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { lowStockLevels, soldAs, takeStock } from '../modules/products/stock.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import { afterSale } from './after-sale.ts';
import type { Effects } from './effects.ts';
import { claimKey, priorOrder, recordOrder, type IdempotencyKey } from './idempotency.ts';
import { alertLowStock } from './low-stock.ts';
import { releaseReservations } from './reservations.ts';
import { askToConfirm, orderCharges } from './cod.ts';
import { chargesShipping, shippingCharge } from './shipping-charge.ts';
import { orderDiscounts, promotionsForCheckout, spendPromotions } from './promotions.ts';

export type CheckoutMode = { method: 'cash' } | { method: 'card'; reservedUntil: Date };

export interface Shopper {
  id: number;
  email: string;
}

export interface CheckoutResult {
  order: Order;
  replayed: boolean;
}

export async function checkout(
  db: Db,
  fx: Effects,
  shopper: Shopper,
  body: OrderBody,
  mode: CheckoutMode,
  idempotency?: IdempotencyKey,
): Promise<CheckoutResult> {
  // docs/product.md, Delivery: a PIN that exists, in the address's state, where the shop delivers (and takes cash).
  const undeliverable = await deliveryProblem(db, body.selectedAddress, mode.method);
  if (undeliverable) throw badRequest(undeliverable);
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      if (idempotency && !(await claimKey(tx, idempotency)))
        return { order: await loadOrder(tx, await priorOrder(tx, idempotency)), replayed: true };
      // Decision 004: a dismissed payment window must not hold stock this order needs.
      await releaseReservations(tx, eq(orders.userId, shopper.id), false, 'release_own_reservation');
      const card = mode.method === 'card';
      const lines = await takeCheckoutLines(tx, shopper.id, card);
      if (lines.length === 0) throw badRequest('Your cart is empty');
      // Read before the stock is taken: from then on every round trip keeps the products' rows locked.
      const shop = await getShopSettings(tx);
      const admins = card ? [] : await adminEmails(tx);
      const stock = await takeStock(tx, lines, true);
      const taken = lowStockLevels(stock);
      const sold = lines.map((l) => soldAs(l, stock));
      // docs/product.md, Promotions: the discount first; the charges are on what the goods cost after it.
      let priced: ReturnType<typeof orderCharges> | undefined;
      const promotions = await promotionsForCheckout(tx, { userId: shopper.id, lines: sold, method: mode.method, withoutCode: body.withoutCode === true }, async (discountPaise) => {
        // docs/product.md, Cash on delivery: the limits, the fee, the prepaid discount and the confirmation.
        const goods = goodsValuePaise(sold) - discountPaise;
        priced = orderCharges(shop.cod, mode.method, goods);
        // docs/product.md, Shipping charges: weighed only when the shop charges for shipping at all.
        if (chargesShipping(shop)) priced.charges.shippingPaise = (await shippingCharge(tx, shop, body.selectedAddress.pinCode, lines, goods)).paise;
        return priced.charges.shippingPaise;
      });
      const { charges, token } = priced!;
      charges.shippingPaise -= promotions.waivedPaise;
      const order = await insertOrder(tx, {
        userId: shopper.id,
        lines: sold,
        method: mode.method,
        reservedUntil: card ? mode.reservedUntil : null,
        address: body.selectedAddress,
        charges,
        discounts: { lines: promotions.priced.lineDiscounts, applied: orderDiscounts(promotions) },
      });
      await spendPromotions(tx, promotions, { id: order.id, userId: shopper.id, totalPaise: rupeesToPaise(order.totalAmount) });
      if (idempotency) await recordOrder(tx, idempotency, order.id);
      if (card) {
        await alertLowStock(tx, fx, order, shop, taken);
      } else if (token) {
        // Invoiced once confirmed: an order cancelled unconfirmed leaves no invoice and credit note behind.
        await askToConfirm(tx, fx, { order, shopperEmail: shopper.email, shop, admins }, token, taken);
      } else {
        await afterSale(tx, fx, { order, shopperEmail: shopper.email, shop, admins }, taken);
        // Numbered at commit (decision 027): the reply reads the number afterwards.
        await issueDocument(tx, draftInvoice(order, shop));
      }
      return { order, replayed: false };
    }),
  );
  if (result.replayed || mode.method === 'card') return result;
  fx.jobs.wake('mail');
  fx.jobs.wake('phone');
  return { ...result, order: await withDocumentNumbers(db, result.order) };
}
