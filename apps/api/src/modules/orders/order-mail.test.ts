import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandPictureBase, brandPng, type Order, type PaymentInitiation } from '@shop/shared';
import { buildApp } from '../../app.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { cartPromoCodes, promotions } from '../promotions/promotions.table.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  shopper,
} from '../../../test/commerce.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { mailTestApp } from '../../../test/smtp.ts';

const ctx = mailTestApp();

describe('order mails', () => {
  it('sends the shopper a confirmation with the items, the total and the address', async () => {
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Mysore Silk', price: 124_999, discountPercentage: 0 });
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 1 }]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.subject).toBe(`Your Saree Pari order #${order.id} is placed`);
    expect(mail.text).toContain('Mysore Silk (42 in, #aa2233) × 1: ₹1,24,999');
    expect(mail.text).toContain('Total: ₹1,24,999 for 1 item(s). Payment: Cash on delivery.');
    expect(mail.text).toContain('Delivery to: Asha Rao, 12 Linking Road, Mumbai, Maharashtra 400050');
    expect(mail.text).toContain('http://localhost:3000/orders');
    expect(mail.html).toContain('<li>Mysore Silk');
  });

  it('names each promotion the order got, and its code, beside the total', async () => {
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Chanderi Cotton', price: 2000, discountPercentage: 0 });
    await ctx.t.db.insert(promotions).values({ name: 'Diwali Sale', kind: 'percent', valueHundredths: 1000, startsAt: new Date(Date.now() - 60_000) });
    await ctx.t.db.insert(promotions).values({ name: 'Asha’s code', kind: 'fixed', valueHundredths: 10_000, code: 'ASHA100', startsAt: new Date(Date.now() - 60_000) });
    await ctx.t.db.insert(cartPromoCodes).values({ userId: me.user.id, code: 'ASHA100' });
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 1 }]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email) && m.subject.includes(`#${order.id}`));
    expect(mail.text).toContain('Total: ₹1,700 for 1 item(s), after ₹200 off (Diwali Sale) and ₹100 off (Asha’s code, code ASHA100). Payment: Cash on delivery.');
  });

  it('escapes shop data in the html part', async () => {
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Silk <b>bold</b> & co' });
    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id }]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.html).toContain('Silk &lt;b&gt;bold&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>bold</b>');
  });

  it('tells the shopper when an admin changes the status', async () => {
    const me = await shopper(ctx.t.db);
    const admin = await shopper(ctx.t.db, 'admin');
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'dispatched' },
    });
    const mail = await ctx.smtp.waitForMail((m) => m.subject.includes('dispatched'));
    expect(mail.to).toEqual([me.user.email]);
    expect(mail.subject).toBe(`Your Saree Pari order #${order.id} has been dispatched`);
  });

  it('signs with the Shop Settings as they are when the mail is made, not with constants', async () => {
    const admin = await shopper(ctx.t.db, 'admin');
    const settings = (await ctx.t.app.inject({ url: '/api/settings/admin', headers: { cookie: admin.cookie } })).json<object>();
    const saved = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin.cookie },
      payload: { ...settings, legalName: 'Kaveri Weaves LLP', address: '45 Commercial Street, Mumbai 400001', supportPhone: '+91 22 4000 1000', supportEmail: 'care@kaveri.example' },
    });
    expect(saved.statusCode).toBe(200);
    const me = await shopper(ctx.t.db);
    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.text).toMatch(/Kaveri Weaves LLP\r?\n45 Commercial Street, Mumbai 400001\r?\nPhone \+91 22 4000 1000 · care@kaveri\.example/);
    expect(mail.html).toContain('Kaveri Weaves LLP<br>45 Commercial Street');
  });

  it('confirms a card order once, when it is paid', async () => {
    const me = await shopper(ctx.t.db);
    await insertCartLine(ctx.t.db, me.user.id, (await insertProduct(ctx.t.db)).id);
    const init = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie: me.cookie },
      payload: orderPayload('card'),
    });
    const { paymentId, orderId } = init.json<PaymentInitiation>();
    // The test provider's card network signs the payment, as the checkout window would.
    const body = ctx.t.app.payments.signTestPayment!(paymentId);
    await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.subject).toBe(`Your Saree Pari order #${orderId} is placed`);
    expect(mail.text).toContain('Payment: Card / UPI (paid).');
    // A later order's mail arrives after any second mail the repeat could have sent.
    const marker = await shopper(ctx.t.db);
    await placeCashOrder(ctx.t.app, ctx.t.db, marker, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    await ctx.smtp.waitForMail((m) => m.to.includes(marker.user.email));
    expect(ctx.smtp.mails.filter((m) => m.to.includes(me.user.email))).toHaveLength(1);
  });

  it('places the order even when the mail cannot be sent', async () => {
    const failing = await buildApp({
      database: ctx.t.database,
      config: ctx.t.config,
      logger: false,
      mailer: {
        describe: 'broken',
        send: () => Promise.reject(new Error('SMTP down')),
        close: () => undefined,
      },
    });
    try {
      const me = await shopper(ctx.t.db);
      await insertCartLine(ctx.t.db, me.user.id, (await insertProduct(ctx.t.db)).id);
      const res = await failing.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: me.cookie },
        payload: orderPayload('cash'),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Order>().status).toBe('pending');
    } finally {
      await failing.close();
    }
  });

  it('tells the admins of each new order once: a cash order when placed, a card order when paid', async () => {
    const admin = await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const silk = await insertProduct(ctx.t.db, { title: 'Mysore Silk', price: 12_000, discountPercentage: 0 });
    const cash = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: silk.id, quantity: 2 }]);
    const cashMail = await ctx.smtp.waitForMail((m) => m.to.includes(admin.user.email) && m.subject.includes(`#${cash.id}`));
    expect(cashMail.subject).toBe(`New order #${cash.id}: ₹24,000, Cash on delivery`);
    expect(cashMail.text).toContain(`Asha Rao (${me.user.email}) placed order #${cash.id}.`);
    expect(cashMail.text).toContain('- Mysore Silk (42 in, #aa2233) × 2: ₹24,000');
    expect(cashMail.text).toContain('Total: ₹24,000 for 2 item(s). Payment: Cash on delivery (to collect).');
    expect(cashMail.text).toContain(`http://localhost:3000/admin/order-detail?id=${cash.id}`);

    await insertCartLine(ctx.t.db, me.user.id, (await insertProduct(ctx.t.db, { price: 1_24_999, discountPercentage: 0 })).id);
    const init = await ctx.t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: me.cookie }, payload: orderPayload('card') });
    const { paymentId, orderId } = init.json<PaymentInitiation>();
    const body = ctx.t.app.payments.signTestPayment!(paymentId);
    // The shopper's window and the provider's webhook may both report the payment.
    await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    const cardMail = await ctx.smtp.waitForMail((m) => m.to.includes(admin.user.email) && m.subject.includes(`#${orderId}`));
    expect(cardMail.subject).toBe(`New order #${orderId}: ₹1,24,999, Card / UPI (paid)`);
    expect(cardMail.text).toContain('Total: ₹1,24,999 for 1 item(s). Payment: Card / UPI (paid).');

    const marker = await shopper(ctx.t.db);
    const last = await placeCashOrder(ctx.t.app, ctx.t.db, marker, [{ productId: (await insertProduct(ctx.t.db)).id }]);
    await ctx.smtp.waitForMail((m) => m.to.includes(admin.user.email) && m.subject.includes(`#${last.id}`));
    const toAdmin = ctx.smtp.mails.filter((m) => m.to.includes(admin.user.email) && m.subject.startsWith('New order'));
    expect(toAdmin.map((m) => m.subject.split(':')[0])).toEqual([`New order #${cash.id}`, `New order #${orderId}`, `New order #${last.id}`]);
  });

  it('shows the shop’s name and logo as Shop Settings hold them now: subject, sender, heading, sign-off and invoice', async () => {
    const png = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 31, g: 78, b: 122, alpha: 1 } },
    })
      .png()
      .toBuffer();
    // As the logo upload stores it (modules/settings/brand-pictures.ts): its PNG beside the WebP the settings name.
    const logo = `/uploads/brand/${createHash('sha256').update(png).digest('hex').slice(0, 32)}-300x100.webp`;
    await ctx.t.app.storage.put(`${brandPictureBase(logo)}.png`, png, 'image/png');
    const rename = (values: Partial<typeof shopSettings.$inferInsert>) =>
      ctx.t.db.update(shopSettings).set(values).where(eq(shopSettings.id, 1));
    await rename({
      shopName: 'Kaveri Weaves',
      tagline: 'Handloom from Kanchipuram',
      brandColor: '#1f4e7a',
      logo,
      legalName: 'Kaveri Weaves LLP',
      supportEmail: 'care@kaveri.example',
    });
    const me = await shopper(ctx.t.db);
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [
      { productId: (await insertProduct(ctx.t.db, { title: 'Kanchi Silk' })).id },
    ]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(me.user.email));
    expect(mail.subject).toBe(`Your Kaveri Weaves order #${order.id} is placed`);
    expect(mail.headers.from).toBe('Kaveri Weaves <no-reply@localhost>');
    expect(mail.html).toContain('<h1 style="margin:0 0 4px;font-size:24px;color:#1f4e7a">Kaveri Weaves ');
    expect(mail.html).toContain('Handloom from Kanchipuram');
    expect(mail.html).toContain(
      `<img src="${ctx.t.config.publicUrl}${brandPng(logo)}" alt="Kaveri Weaves" width="168" height="56"`,
    );
    expect(mail.text).toMatch(/With warm wishes,\r?\nThe Kaveri Weaves team\r?\n\r?\nKaveri Weaves LLP\r?\n/);
    expect(mail.html).toContain('The Kaveri Weaves team');
    expect(mail.raw).not.toContain('Saree Pari');

    const [pdf] = (await PostalMime.parse(mail.raw)).attachments;
    const content = Buffer.from(pdf!.content as ArrayBuffer);
    const text = await pdfText(content);
    expect(text).toContain('Kaveri Weaves LLP');
    expect(text).toContain('Kaveri Weaves · This is a computer-generated tax invoice.');
    expect(text).not.toContain('Saree Pari');
    expect(content.toString('latin1')).toMatch(/\/Subtype \/Image/);

    // The download is drawn the same way; a logo whose PNG is missing leaves the logo out, not the document.
    const admin = await shopper(ctx.t.db, 'admin');
    const lost = `/uploads/brand/${'0'.repeat(32)}-30x10.webp`;
    expect(await ctx.t.app.storage.exists(`${brandPictureBase(lost)}.png`)).toBe(false);
    await rename({ logo: lost });
    const res = await ctx.t.app.inject({
      url: `/api/orders/${order.id}/invoice`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(
      'Kaveri Weaves · This is a computer-generated tax invoice.',
    );
    expect(res.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });
});
