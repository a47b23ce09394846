import { describe, expect, it } from 'vitest';
import type { Order, PaymentInitiation } from '@shop/shared';
import { buildApp } from '../../app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  shopper,
} from '../../../test/commerce.ts';
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
});
