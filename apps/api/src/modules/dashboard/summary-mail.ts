import { formatIndiaDate, formatRupees, indiaDayStart } from '@shop/shared';
import { escapeHtml, signatureLines, type MailShop } from '../../mail/content.ts';
import type { Mail } from '../../mail/mailer.ts';
import type { DailySummary } from './daily-summary.ts';

const METHOD_LABEL = { cash: 'Cash on delivery', card: 'Card / UPI' } as const;

/** Sent even on a quiet day: a mail with zeroes tells the owner the shop and its mail still work. */
export function dailySummaryMail(s: DailySummary, to: string[], webUrl: string, shop: MailShop): Mail {
  const date = formatIndiaDate(indiaDayStart(s.day));
  const ordersLine =
    s.orders === 0
      ? 'No orders were placed.'
      : `${s.orders} order(s) placed${s.cancelled ? `, ${s.cancelled} of them cancelled since` : ''}; revenue ${formatRupees(s.revenue)}.`;
  const methods = s.byPaymentMethod
    .filter((m) => m.orders > 0)
    .map((m) => `${METHOD_LABEL[m.paymentMethod]}: ${m.orders} order(s), ${formatRupees(m.revenue)}`);
  const low = s.lowStock.products.map(
    (p) => `${p.title}: ${p.stock === 0 ? 'out of stock' : `${p.stock} left`}`,
  );
  const lowHead =
    low.length === 0
      ? `No product is at or below your low-stock level (${s.lowStock.threshold}).`
      : `Low stock (at or below ${s.lowStock.threshold}):`;
  const link = `The day on your dashboard: ${webUrl}/admin/dashboard?from=${s.day}&to=${s.day}`;
  const signature = signatureLines(shop);
  const list = (items: string[]) =>
    items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  const bullets = (items: string[]) => items.map((i) => `- ${i}`);
  return {
    to: to.join(', '),
    fromName: shop.shopName,
    subject: `${shop.shopName} on ${date}: ${s.orders} order(s), ${formatRupees(s.revenue)} revenue`,
    text: [
      `Your shop on ${date} (India time):`,
      '',
      ordersLine,
      ...bullets(methods),
      '',
      lowHead,
      ...bullets(low),
      '',
      link,
      '',
      ...signature,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(`Your shop on ${date} (India time):`)}</p>`,
      `<p>${escapeHtml(ordersLine)}</p>`,
      list(methods),
      `<p>${escapeHtml(lowHead)}</p>`,
      list(low),
      `<p>${escapeHtml(link)}</p>`,
      `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
