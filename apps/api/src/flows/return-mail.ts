import { formatRupees, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnRequest } from '@shop/shared';
import type { MailShop, MailUrls } from '../mail/content.ts';
import type { JobTypes } from '../jobs/queue.ts';
import { render } from '../modules/orders/order-mail.ts';

type MailJob = JobTypes['mail'];

function itemLines(r: ReturnRequest): string[] {
  return r.items.map((i) => {
    const instead = i.exchange ? `, exchange for size ${i.exchange.sizeText}${i.exchange.color === i.color ? '' : ` in ${i.exchange.color}`}` : '';
    return `${i.title} (${i.sizeText}, ${i.color}) × ${i.quantity}: ${RETURN_REASON_LABELS[i.reason]}${instead}`;
  });
}

const NEXT: Record<ReturnRequest['status'], (r: ReturnRequest) => string> = {
  requested: () => 'We will reply within two working days.',
  approved: (r) =>
    r.pickup
      ? `Our courier (${r.pickup.courierName}, AWB ${r.pickup.awb}) will collect it. Please pack it as you received it.`
      : 'Please send it back to us by courier and enter the courier and AWB on your order page.',
  rejected: (r) => `We could not accept it: ${r.rejectReason ?? 'please write to us'}.`,
  received: (r) =>
    r.refundAmountPaise > 0
      ? `It passed our check. ${formatRupees(r.refundAmount)} is on its way back to you; the credit note is attached.`
      : 'It passed our check; the credit note is attached.',
  refunded: (r) => `${formatRupees(r.refundAmount)} has been refunded${r.refund?.reference ? ` (reference ${r.refund.reference})` : ''}.`,
  closed: (r) => (r.exchangeOrderId ? `Your exchange ships as order #${r.exchangeOrderId}.` : 'Your return is complete.'),
};

/** To the shopper at every step of their return (docs/product.md, Returns and refunds). */
export function returnStepMail(r: ReturnRequest, to: string, urls: MailUrls, shop: MailShop): MailJob {
  const exchange = r.exchangeOrderId && r.status !== 'closed' ? [`Your exchange ships as order #${r.exchangeOrderId}.`] : [];
  return render(
    to,
    `Return #${r.id} for order #${r.orderId}: ${RETURN_STATUS_LABELS[r.status].toLowerCase()}`,
    [`Your return #${r.id} for order #${r.orderId} is now: ${RETURN_STATUS_LABELS[r.status]}.`, 'The items:', NEXT[r.status](r), ...exchange, `Follow it on your orders: ${urls.webUrl}/orders`],
    itemLines(r),
    shop,
    urls,
    true,
    r.status === 'received' && r.creditNote ? { orderId: r.orderId, kind: 'credit_note' } : undefined,
  );
}

/** To the shop's staff when a shopper asks. */
export function returnRequestedMail(r: ReturnRequest, to: string[], urls: MailUrls, shop: MailShop): MailJob {
  return render(
    to.join(', '),
    `Return asked: order #${r.orderId}`,
    [`A shopper asked to return items of order #${r.orderId}.`, 'The items:', `Approve or reject it: ${urls.webUrl}/admin/returns`],
    itemLines(r),
    shop,
    urls,
    false,
  );
}
