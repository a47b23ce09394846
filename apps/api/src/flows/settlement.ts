import type { Order } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { JobTypes } from '../jobs/queue.ts';
import type { MailSigner } from '../mail/content.ts';
import { removeBoughtLines } from '../modules/cart/cart.service.ts';
import { orderPlacedMail } from '../modules/orders/order-mail.ts';
import { loadOrder } from '../modules/orders/orders.queries.ts';
import { lockOrder, markOrderPaid, orderedVariants } from '../modules/orders/orders.service.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { markPaymentPaid, markPaymentRefundDue, paymentOfProviderOrder } from '../modules/payments/payments.service.ts';

export interface Settlement {
  order: Order;
  shopperEmail: string;
  /** False when the order was already paid: a repeated verify or webhook changes nothing. */
  changed: boolean;
}

/** A payment that arrived for an order cancelled before it: nothing was paid, the money is owed back. */
export interface RefundDue {
  refundDue: true;
  orderId: number;
}

/** What was paid: the provider's word (webhook) or the amount its order was created for (verify). */
export interface Paid {
  amountPaise: number;
  currency: string;
}

/**
 * Marks a card order paid, exactly once, while it is still an open reservation: the order row is
 * locked, so a paid order is left alone and a cancelled one stays cancelled. A payment for an
 * order cancelled first (replaced by a newer checkout, or lapsed) pays nothing: its stock may be
 * another hold's by now, so the caller records the money as owed back.
 * Only the order's own amount in rupees pays it (issue 12: a signed 1-paisa event settled an order).
 */
export async function settlePaidOrder(tx: Tx, orderId: number, paid: Paid): Promise<Settlement | RefundDue> {
  const { order: o, email: shopperEmail } = await lockOrder(tx, orderId, false);
  if (paid.amountPaise !== o.totalAmountPaise || paid.currency !== 'INR')
    throw badRequest('Payment amount does not match the order');
  if (o.paymentStatus === 'paid')
    return { order: await loadOrder(tx, orderId), shopperEmail, changed: false };
  if (o.status !== 'pending' || o.paymentStatus !== 'awaiting') return { refundDue: true, orderId };
  await markOrderPaid(tx, orderId, o.status);
  // The cart was kept while the payment was open; the lines now bought leave it.
  await removeBoughtLines(tx, o.userId, await orderedVariants(tx, orderId));
  const order = await loadOrder(tx, orderId);
  // A card sale is confirmed when paid: its tax invoice, numbered by the commit (decision 027);
  // the caller reads the number once committed.
  await issueDocument(tx, draftInvoice(order, await getShopSettings(tx)));
  return { order, shopperEmail, changed: true };
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
): Promise<Settlement | RefundDue> {
  const payment = await paymentOfProviderOrder(tx, providerOrderId);
  if (!payment) throw notFound('Payment not found');
  const result = await settlePaidOrder(
    tx,
    payment.orderId,
    paid ?? { amountPaise: payment.amountPaise, currency: payment.currency },
  );
  if ('refundDue' in result) await markPaymentRefundDue(tx, payment.id, providerPaymentId);
  else if (result.changed) await markPaymentPaid(tx, payment.id, providerPaymentId);
  return result;
}

/** A paid order's confirmation mail. */
export function settlementMail(s: Settlement, publicUrl: string, shop: MailSigner): JobTypes['mail'] {
  return orderPlacedMail(s.order, s.shopperEmail, publicUrl, shop);
}
