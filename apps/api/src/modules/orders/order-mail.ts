import { formatRupees, SHOP_NAME, type Order, type OrderStatus } from '@shop/shared';
import { escapeHtml, signatureLines, type MailSigner } from '../../mail/content.ts';
import type { Mail } from '../../mail/mailer.ts';


const METHOD_LABEL = { cash: 'Cash on delivery', card: 'Card / UPI (paid)' } as const;
const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'is being prepared',
  dispatched: 'has been dispatched',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

function itemLines(order: Order): string[] {
  return order.items.map((i) => `${i.product.title} (${i.size} in, ${i.color}) × ${i.quantity}: ${formatRupees(i.product.discountedPrice * i.quantity)}`);
}

function addressLine(order: Order): string {
  const a = order.selectedAddress;
  return `${a.name}, ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.phone}`;
}

function render(to: string, subject: string, paragraphs: string[], list: string[], shop: MailSigner): Mail {
  const signature = signatureLines(shop);
  const text = [...paragraphs.slice(0, 2), '', ...list.map((l) => `- ${l}`), '', ...paragraphs.slice(2), '', ...signature].join('\n');
  const html = [
    ...paragraphs.slice(0, 2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** The mail a shopper gets when an order is placed (cash) or paid (card). */
export function orderPlacedMail(order: Order, to: string, publicUrl: string, shop: MailSigner): Mail {
  return render(
    to,
    `Your ${SHOP_NAME} order #${order.id} is placed`,
    [
      `Namaste ${order.selectedAddress.name},`,
      `thank you for your order #${order.id}. Here is what you ordered:`,
      `Total: ${formatRupees(order.totalAmount)} for ${order.totalItems} item(s). Payment: ${METHOD_LABEL[order.paymentMethod]}.`,
      `Delivery to: ${addressLine(order)}.`,
      `You can follow it under My Account > My Orders: ${publicUrl}/orders`,
    ],
    itemLines(order),
    shop,
  );
}

/** The mail a shopper gets when an admin changes the order's status. */
export function orderStatusMail(order: Order, to: string, publicUrl: string, shop: MailSigner): Mail {
  return render(
    to,
    `Your ${SHOP_NAME} order #${order.id} ${STATUS_LABEL[order.status]}`,
    [`Namaste ${order.selectedAddress.name},`, `your order #${order.id} ${STATUS_LABEL[order.status]}.`, `Total: ${formatRupees(order.totalAmount)}.`, `Your orders: ${publicUrl}/orders`],
    itemLines(order),
    shop,
  );
}
