import type { Order } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { removeBoughtLines } from '../modules/cart/cart.service.ts';
import { orderOfRow } from '../modules/orders/orders.queries.ts';
import { lockOrder, markOrderPaid } from '../modules/orders/orders.service.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import { markPaymentPaid, markPaymentRefundDue, type PaymentRow } from '../modules/payments/payments.service.ts';
import { afterSale } from './after-sale.ts';
import type { Effects } from './effects.ts';

export interface Settlement {
  order: Order;
  shopperEmail: string;
  changed: boolean;
}

export interface RefundDue {
  refundDue: true;
  orderId: number;
}

export interface Paid {
  amountPaise: number;
  currency: string;
}

// Decision 004: only an open reservation is paid; a cancelled order's stock may be another hold's by now.
async function settlePaidOrder(tx: Tx, fx: Effects, orderId: number, paid: Paid): Promise<Settlement | RefundDue> {
  const { order: row, email: shopperEmail } = await lockOrder(tx, orderId, false);
  if (paid.amountPaise !== row.totalAmountPaise || paid.currency !== 'INR')
    throw badRequest('Payment amount does not match the order');
  if (row.paymentStatus === 'paid') return { order: await orderOfRow(tx, row), shopperEmail, changed: false };
  if (row.status !== 'pending' || row.paymentStatus !== 'awaiting') return { refundDue: true, orderId };
  const order = await orderOfRow(tx, await markOrderPaid(tx, orderId));
  await removeBoughtLines(tx, row.userId, order.items.map((i) => ({ productId: i.product.id, color: i.color, size: i.size })));
  const shop = await getShopSettings(tx);
  // Numbered at commit (decision 027): the caller reads the number afterwards.
  await issueDocument(tx, draftInvoice(order, shop));
  await afterSale(tx, fx, { order, shopperEmail, shop, admins: await adminEmails(tx) });
  return { order, shopperEmail, changed: true };
}

export async function settlePayment(
  tx: Tx,
  fx: Effects,
  payment: PaymentRow,
  providerPaymentId: string | undefined,
  paid?: Paid,
): Promise<Settlement | RefundDue> {
  const result = await settlePaidOrder(tx, fx, payment.orderId, paid ?? { amountPaise: payment.amountPaise, currency: payment.currency });
  if ('refundDue' in result) await markPaymentRefundDue(tx, payment.id, providerPaymentId);
  else if (result.changed) await markPaymentPaid(tx, payment.id, providerPaymentId);
  return result;
}
