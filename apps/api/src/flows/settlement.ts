import type { Order, OrderStatus } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { HttpError, badRequest, notFound } from '../lib/errors.ts';
import type { JobTypes } from '../jobs/queue.ts';
import type { MailSigner } from '../mail/content.ts';
import { removeBoughtLines } from '../modules/cart/cart.service.ts';
import { orderPlacedMail, orderStatusMail } from '../modules/orders/order-mail.ts';
import { itemLines, loadOrder } from '../modules/orders/orders.queries.ts';
import { lockOrder, markOrderPaid, orderedVariants } from '../modules/orders/orders.service.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { markPaymentPaid, paymentOfProviderOrder } from '../modules/payments/payments.service.ts';
import { takeStock } from '../modules/products/stock.ts';

export interface Settlement {
  order: Order;
  shopperEmail: string;
  /** False when the order was already paid: a repeated verify or webhook changes nothing. */
  changed: boolean;
  /** True when a payment that landed after its reservation lapsed took the stock again. */
  retookStock: boolean;
}

/** What was paid: the provider's word (webhook) or the amount its order was created for (verify). */
export interface Paid {
  amountPaise: number;
  currency: string;
}

/**
 * Marks a card order paid, exactly once (the order row is locked; a paid order is left alone).
 * Only the order's own amount in rupees pays it (issue 12: a signed 1-paisa event settled an order).
 * A payment that lands after its reservation lapsed takes the stock again when it is still there;
 * when it is not, the order stays cancelled but is recorded as paid and listed, so the shopper sees
 * it and the admin knows to refund it: money is never silently lost.
 */
export async function settlePaidOrder(tx: Tx, orderId: number, paid: Paid): Promise<Settlement> {
  const { order: o, email: shopperEmail } = await lockOrder(tx, orderId, false);
  if (paid.amountPaise !== o.totalAmountPaise || paid.currency !== 'INR')
    throw badRequest('Payment amount does not match the order');
  if (o.paymentStatus === 'paid')
    return { order: await loadOrder(tx, orderId), shopperEmail, changed: false, retookStock: false };
  let status: OrderStatus = o.status;
  let retookStock = false;
  if (o.paymentStatus === 'expired') {
    const lines = await itemLines(tx, [orderId]);
    // A savepoint: a failed attempt rolls back only its own decrements.
    const retaken = await tx
      .transaction(async (sp) => {
        await takeStock(sp, lines, true);
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 409) return false;
        throw err;
      });
    status = retaken ? 'pending' : 'cancelled';
    retookStock = retaken;
  }
  await markOrderPaid(tx, orderId, status);
  if (status !== o.status) await recordStatus(tx, orderId, o.status, status, null);
  // The cart was kept while the payment was open; the lines now bought leave it.
  await removeBoughtLines(tx, o.userId, await orderedVariants(tx, orderId));
  const order = await loadOrder(tx, orderId);
  // A card sale is confirmed when paid: its tax invoice. One paid too late to keep is no sale (decision 017).
  // It is numbered by the commit (decision 027); the caller reads the number once committed.
  if (status !== 'cancelled') await issueDocument(tx, draftInvoice(order, await getShopSettings(tx)));
  return { order, shopperEmail, changed: true, retookStock };
}

/**
 * Settles the order behind a provider order inside the caller's transaction; exactly once. Without
 * `paid` (the browser's signed callback) the amount is the one the provider order was created for.
 */
export async function settleProviderOrder(
  tx: Tx,
  providerOrderId: string,
  providerPaymentId: string | undefined,
  paid?: Paid,
): Promise<Settlement> {
  const payment = await paymentOfProviderOrder(tx, providerOrderId);
  if (!payment) throw notFound('Payment not found');
  const result = await settlePaidOrder(
    tx,
    payment.orderId,
    paid ?? { amountPaise: payment.amountPaise, currency: payment.currency },
  );
  if (result.changed) await markPaymentPaid(tx, payment.id, providerPaymentId);
  return result;
}

/** A paid order's mail: the confirmation, or the cancellation when it was paid too late to keep. */
export function settlementMail(s: Settlement, publicUrl: string, shop: MailSigner): JobTypes['mail'] {
  return (s.order.status === 'cancelled' ? orderStatusMail : orderPlacedMail)(
    s.order,
    s.shopperEmail,
    publicUrl,
    shop,
  );
}
