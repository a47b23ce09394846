import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  shopper,
} from '../../../test/commerce.ts';
import { mailTestApp } from '../../../test/smtp.ts';
import { rows } from '../../../test/security/invariants.ts';
import type { PaymentInitiation } from '@shop/shared';
import { expireReservations } from '../../flows/reservations.ts';
import { lowStockAlerts, products } from './products.table.ts';

const ctx = mailTestApp();

/** Low-stock mails enqueued about these products, read from the job queue itself (written in the sale's transaction). */
const lowStockJobs = async (...titles: string[]) =>
  (
    await rows<{ subject: string }>(
      ctx.t.db,
      sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'subject' like 'Low stock:%' order by created_on`,
    )
  )
    .map((j) => j.subject)
    .filter((s) => titles.some((title) => s.startsWith(`Low stock: ${title} `)));

/** Opens a card payment for the shopper's cart: the hold takes the stock. */
const initiateCard = (cookie: string) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie }, payload: orderPayload('card') });

describe('the low-stock alert', () => {
  it('mails every admin once when a sale takes a product to the threshold, not again for the next sale below it', async () => {
    const owner = await shopper(ctx.t.db, 'admin');
    const manager = await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Paithani', stock: 7 });
    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 2 }]);
    const mail = await ctx.smtp.waitForMail((m) => m.subject.startsWith('Low stock:'));
    expect(mail.subject).toBe('Low stock: Paithani is down to 5 left');
    expect(mail.to.sort()).toEqual([owner.user.email, manager.user.email].sort());
    expect(mail.text).toContain(`http://localhost:3000/admin/product-form/edit/${p.id}`);

    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 1 }]);
    expect(await lowStockJobs('Paithani')).toEqual(['Low stock: Paithani is down to 5 left']);
    const alerts = await ctx.t.db.select().from(lowStockAlerts);
    expect(alerts.map((a) => [a.productId, a.stock, a.threshold])).toEqual([[p.id, 5, 5]]);
  });

  it('alerts again after a restock above the threshold, and for a card reservation that empties the shelf', async () => {
    await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Kota Doria', stock: 6 });
    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 3 }]);
    await ctx.t.db.update(products).set({ stock: 9 }).where(eq(products.id, p.id));
    await insertCartLine(ctx.t.db, me.user.id, p.id, 9);
    const res = await initiateCard(me.cookie);
    expect(res.statusCode).toBe(201);
    expect(await lowStockJobs('Kota Doria')).toEqual([
      'Low stock: Kota Doria is down to 3 left',
      'Low stock: Kota Doria is now out of stock',
    ]);
    await ctx.smtp.waitForMail((m) => m.subject === 'Low stock: Kota Doria is now out of stock');
  });

  it('stays quiet for a sale that leaves more than the threshold, and for one that fails', async () => {
    await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const plenty = await insertProduct(ctx.t.db, { title: 'Ikat', stock: 20 });
    const scarce = await insertProduct(ctx.t.db, { title: 'Patola', stock: 6 });
    await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: plenty.id, quantity: 3 }]);
    await insertCartLine(ctx.t.db, me.user.id, plenty.id, 1);
    await insertCartLine(ctx.t.db, me.user.id, scarce.id, 7);
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: me.cookie },
      payload: orderPayload('cash'),
    });
    expect(refused.statusCode).toBe(409);
    expect(await lowStockJobs('Ikat', 'Patola')).toEqual([]);
    expect(await ctx.t.db.select().from(lowStockAlerts)).toEqual([]);
  });

  it('alerts when an admin reopens a cancelled order and it takes the stock again', async () => {
    const admin = await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Banarasi Katan', stock: 10 });
    const order = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: p.id, quantity: 4 }]);
    const patch = (status: string) =>
      ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status } });
    expect((await patch('cancelled')).statusCode).toBe(200);
    // Back to 10, then two more pieces sold in the shop: taking the 4 again leaves 4.
    await ctx.t.db.update(products).set({ stock: 8 }).where(eq(products.id, p.id));
    expect(await lowStockJobs('Banarasi Katan')).toEqual([]);
    const reopen = await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reopen`, headers: { cookie: admin.cookie }, payload: { reason: 'The shopper wants it after all' } });
    expect(reopen.statusCode).toBe(200);
    expect(await lowStockJobs('Banarasi Katan')).toEqual(['Low stock: Banarasi Katan is down to 4 left']);
    // Another status step that takes nothing stays quiet.
    expect((await patch('dispatched')).statusCode).toBe(200);
    expect(await lowStockJobs('Banarasi Katan')).toHaveLength(1);
  });

  it('alerts no more when a card payment lands after its hold lapsed: the payment is refused, the stock stays returned', async () => {
    await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const p = await insertProduct(ctx.t.db, { title: 'Chanderi', stock: 6 });
    await insertCartLine(ctx.t.db, me.user.id, p.id, 6);
    const started = await initiateCard(me.cookie);
    const { paymentId } = started.json<PaymentInitiation>();
    // The hold emptied the shelf (one alert); lapsing returns the stock.
    expect(await lowStockJobs('Chanderi')).toEqual(['Low stock: Chanderi is now out of stock']);
    await expireReservations(ctx.t.db, new Date(Date.now() + ctx.t.config.paymentExpiryMs + 1000));
    const signed = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/payment/test-sign',
      headers: { cookie: me.cookie },
      payload: { order_id: paymentId },
    });
    const paid = await ctx.t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: signed.json() });
    expect(paid.statusCode).toBe(409);
    expect(await lowStockJobs('Chanderi')).toEqual(['Low stock: Chanderi is now out of stock']);
  });
});
