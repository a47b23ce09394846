import { CANCEL_REASONS, formatIndiaDateTime, formatRupees, soldSizeText, type CancelReason, type Order, type OrderStage, type OrderStatus } from '@shop/shared';
import { escapeHtml, mailLayout, signatureLines, teamSignOff, type MailShop, type MailUrls } from '../../mail/content.ts';
import type { JobTypes } from '../../jobs/queue.ts';

const METHOD_LABEL = { cash: 'Cash on delivery', card: 'Card / UPI (paid)' } as const;
const OWNER_METHOD_LABEL = { cash: 'Cash on delivery (to collect)', card: 'Card / UPI (paid)' } as const;
const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'is being prepared',
  dispatched: 'has been dispatched',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

function itemLines(order: Order): string[] {
  return order.items.map(
    (i) =>
      `${i.product.title} (${soldSizeText(i)}, ${i.color}) × ${i.quantity}: ${formatRupees(i.product.discountedPrice * i.quantity)}`,
  );
}

function addressLine(order: Order): string {
  const a = order.selectedAddress;
  return `${a.name}, ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.phone}`;
}

type MailJob = JobTypes['mail'];

/** `shopper`: the mail ends "With warm wishes, The … team"; the admins' mails do not. */
export function render(to: string, subject: string, paragraphs: string[], list: string[], shop: MailShop, urls: MailUrls, shopper: boolean, attach?: MailJob['attach']): MailJob {
  const signature = signatureLines(shop);
  const signOff = shopper ? teamSignOff(shop) : [];
  const text = [...paragraphs.slice(0, 2), '', ...list.map((l) => `- ${l}`), '', ...paragraphs.slice(2), ...(shopper ? ['', ...signOff] : []), '', ...signature].join('\n');
  const body = [
    ...paragraphs.slice(0, 2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(shopper ? [`<p>${signOff.map(escapeHtml).join('<br>')}</p>`] : []),
  ].join('\n');
  const html = mailLayout({ subject, shop, publicUrl: urls.publicUrl, body });
  return { to, subject, text, html, fromName: shop.shopName, ...(attach ? { attach } : {}) };
}

/** Sent when an order is placed (cash) or paid (card), with its tax invoice. */
export function orderPlacedMail(order: Order, to: string, urls: MailUrls, shop: MailShop): MailJob {
  return render(
    to,
    `Your ${shop.shopName} order #${order.id} is placed`,
    [
      `Namaste ${order.selectedAddress.name},`,
      `thank you for your order #${order.id}. Here is what you ordered:`,
      `Total: ${formatRupees(order.totalAmount)} for ${order.totalItems} item(s)${chargesNote(order)}. Payment: ${METHOD_LABEL[order.paymentMethod]}.`,
      `Delivery to: ${addressLine(order)}.`,
      `Your GST tax invoice is attached to this mail.`,
      `You can follow it under My Account > My Orders: ${urls.webUrl}/orders`,
    ],
    itemLines(order),
    shop,
    urls,
    true,
    { orderId: order.id, kind: 'invoice' },
  );
}

/** docs/product.md, Cash on delivery: the first mail of an order to be confirmed, with its link and no invoice yet. */
export function confirmOrderMail(order: Order, to: string, urls: MailUrls, shop: MailShop, link: string, reminder = false): MailJob {
  const by = order.confirmBy ? formatIndiaDateTime(order.confirmBy) : '';
  return render(
    to,
    reminder
      ? `Reminder: please confirm your ${shop.shopName} order #${order.id}`
      : `Please confirm your ${shop.shopName} order #${order.id}`,
    [
      `Namaste ${order.selectedAddress.name},`,
      reminder
        ? `your cash-on-delivery order #${order.id} is still waiting for your confirmation. Here is what you ordered:`
        : `thank you for your order #${order.id}. Here is what you ordered:`,
      `Total: ${formatRupees(order.totalAmount)} for ${order.totalItems} item(s)${chargesNote(order)}. Payment: ${METHOD_LABEL.cash}.`,
      `Please confirm it by ${by}, or it will be cancelled. Confirm your order: ${link}`,
      `Delivery to: ${addressLine(order)}.`,
      `Your GST tax invoice follows once you confirm.`,
    ],
    itemLines(order),
    shop,
    urls,
    true,
  );
}

/** Once a cash order is confirmed: its tax invoice is issued and attached. */
export function orderConfirmedMail(order: Order, to: string, urls: MailUrls, shop: MailShop): MailJob {
  return render(
    to,
    `Your ${shop.shopName} order #${order.id} is confirmed`,
    [
      `Namaste ${order.selectedAddress.name},`,
      `thank you for confirming your order #${order.id}. We are preparing it:`,
      `Total to pay on delivery: ${formatRupees(order.totalAmount)}${chargesNote(order)}.`,
      `Your GST tax invoice is attached to this mail.`,
      `You can follow it under My Account > My Orders: ${urls.webUrl}/orders`,
    ],
    itemLines(order),
    shop,
    urls,
    true,
    { orderId: order.id, kind: 'invoice' },
  );
}

function chargesNote(order: Order): string {
  // docs/product.md, Promotions: what each promotion took off, by its name (and code).
  const offers = (order.discounts ?? []).map((d) => (d.kind === 'free_shipping' ? `free shipping (${d.name})` : `${formatRupees(d.amountRupees)} off (${d.name}${d.code ? `, code ${d.code}` : ''})`));
  if (order.prepaidDiscount > 0) offers.push(`${formatRupees(order.prepaidDiscount)} off for paying online`);
  const after = offers.length ? `, after ${offers.join(' and ')}` : '';
  return order.codFee > 0 ? `${after}, including a cash-on-delivery fee of ${formatRupees(order.codFee)}` : after;
}

/** With the credit note of a cancelled order, or the new invoice of one moved out of cancelled (decision 017). */
// docs/product.md, Shipping: the words of each stage's mail; SPEC's four keep their words.
const STAGE_MAIL: Record<OrderStage, string> = {
  pending: STATUS_LABEL.pending,
  confirmed: 'is confirmed',
  packed: 'is packed and ready to ship',
  shipped: STATUS_LABEL.dispatched,
  out_for_delivery: 'is out for delivery',
  delivered: STATUS_LABEL.delivered,
  undelivered: 'could not be delivered today',
  rto: 'has come back to us',
  cancelled: STATUS_LABEL.cancelled,
};

const ON_ITS_WAY: readonly OrderStage[] = ['shipped', 'out_for_delivery', 'undelivered'];

export function orderStatusMail(order: Order, to: string, urls: MailUrls, shop: MailShop, previous?: OrderStatus, why?: string): MailJob {
  const attach: MailJob['attach'] =
    order.status === 'cancelled' && order.creditNoteNumber
      ? { orderId: order.id, kind: 'credit_note' }
      : previous === 'cancelled' && order.invoiceNumber
        ? { orderId: order.id, kind: 'invoice' }
        : undefined;
  const note = attach ? [`Your ${attach.kind === 'invoice' ? 'GST tax invoice' : 'credit note'} is attached to this mail.`] : [];
  const words = STAGE_MAIL[order.stage] ?? STATUS_LABEL[order.status];
  const parcel = order.shipment && ON_ITS_WAY.includes(order.stage)
    ? [`It travels with ${order.shipment.courierName}, AWB ${order.shipment.awb}. Track it: ${urls.webUrl}/track/${order.id}`]
    : [];
  const retry = order.stage === 'undelivered' ? ['The courier will try again; if you need to change anything, reply to this mail or call us.'] : [];
  return render(
    to,
    `Your ${shop.shopName} order #${order.id} ${words}`,
    [
      `Namaste ${order.selectedAddress.name},`,
      `your order #${order.id} ${words}${why ? ` ${why}` : ''}.`,
      `Total: ${formatRupees(order.totalAmount)}.`,
      ...parcel,
      ...retry,
      ...note,
      `Your orders: ${urls.webUrl}/orders`,
    ],
    itemLines(order),
    shop,
    urls,
    true,
    attach,
  );
}

/** To the shop's admins, at once: a delivery attempt failed, and the parcel goes back unless someone acts. */
export function deliveryFailedMail(order: Order, to: string[], urls: MailUrls, shop: MailShop, courierWords: string): MailJob {
  return render(
    to.join(', '),
    `Delivery failed: order #${order.id} (${order.selectedAddress.name})`,
    [
      `The courier could not deliver order #${order.id} to ${order.selectedAddress.name}, ${order.selectedAddress.city} ${order.selectedAddress.pinCode}.`,
      `The courier says: ${courierWords}. Call the shopper on ${order.selectedAddress.phone} before the parcel is returned. The order:`,
      `${urls.webUrl}/admin/order-detail?id=${order.id}`,
    ],
    itemLines(order),
    shop,
    urls,
    false,
  );
}

/** To the shop's admins: a shopper cancelled an order they had paid for, and nothing refunds it yet. */
export function refundNeededMail(order: Order, to: string[], urls: MailUrls, shop: MailShop, reason: CancelReason): MailJob {
  return render(
    to.join(', '),
    `Refund needed: order #${order.id} was cancelled by the shopper`,
    [
      `${order.selectedAddress.name} cancelled order #${order.id}, which they had paid for online.`,
      `Their reason: ${CANCEL_REASONS[reason]}. The order:`,
      `Please refund ${formatRupees(order.totalAmount)} to the shopper through your payment provider. The stock is back on the shelf.`,
      `The order: ${urls.webUrl}/admin/order-detail?id=${order.id}`,
    ],
    itemLines(order),
    shop,
    urls,
    false,
  );
}

/** To the shop's admins, once per order: when a cash order is placed or a card order is paid. */
export function newOrderMail(order: Order, shopperEmail: string, to: string[], urls: MailUrls, shop: MailShop): MailJob {
  const total = formatRupees(order.totalAmount);
  return render(
    to.join(', '),
    `New order #${order.id}: ${total}, ${METHOD_LABEL[order.paymentMethod]}`,
    [
      `${order.selectedAddress.name} (${shopperEmail}) placed order #${order.id}.`,
      `The items:`,
      `Total: ${total} for ${order.totalItems} item(s)${chargesNote(order)}. Payment: ${OWNER_METHOD_LABEL[order.paymentMethod]}.`,
      ...(order.confirmation === 'awaiting'
        ? [`It awaits the shopper's confirmation: do not dispatch it until it is confirmed. You can confirm it yourself after a call.`]
        : []),
      `Ship to: ${addressLine(order)}.`,
      `The order: ${urls.webUrl}/admin/order-detail?id=${order.id}`,
    ],
    itemLines(order),
    shop,
    urls,
    false,
  );
}
