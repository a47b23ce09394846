import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, indiaDate, indiaDayStart, type PaymentInitiation } from '@shop/shared';
import { insertCartLine, insertProduct, orderPayload, placeCashOrder, shopper } from '../../test/commerce.ts';
import { mailTestApp } from '../../test/smtp.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { DAILY_SUMMARY_CRON } from '../plugins/housekeeping.ts';
import { sendDailySummary } from './daily-summary.ts';

const ctx = mailTestApp();
const fx = () => ({ jobs: ctx.t.app.jobs, webUrl: ctx.t.config.webUrl, publicUrl: ctx.t.config.publicUrl });
const DAY = '2026-11-20';
const HOUR_MS = 3_600_000;

/** Moves the orders to a time of the India day. */
const placedOn = (ids: number[], day: string, hour: number) =>
  ctx.t.db
    .update(orders)
    .set({ createdAt: new Date(+indiaDayStart(day) + hour * HOUR_MS) })
    .where(inArray(orders.id, ids));

describe('the daily summary to the admins', () => {
  it('counts the India day’s orders and revenue as the dashboard does, and lists the low stock', async () => {
    const admin = await shopper(ctx.t.db, 'admin');
    const me = await shopper(ctx.t.db);
    const threshold = (await getShopSettings(ctx.t.db)).lowStockThreshold;
    const silk = await insertProduct(ctx.t.db, {
      title: 'Mysore Silk',
      price: 1000,
      discountPercentage: 0,
      stock: 50,
    });
    await insertProduct(ctx.t.db, { title: 'Chanderi Cotton', stock: threshold });
    await insertProduct(ctx.t.db, { title: 'Paithani', stock: 0 });
    await insertProduct(ctx.t.db, { title: 'Retired Saree', stock: 0, deleted: true });
    const cash = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: silk.id, quantity: 2 }]);
    const cancelled = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: silk.id }]);
    await ctx.t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    await insertCartLine(ctx.t.db, me.user.id, silk.id, 3);
    const init = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie: me.cookie },
      payload: orderPayload('card'),
    });
    const { paymentId, orderId: card } = init.json<PaymentInitiation>();
    await ctx.t.app.inject({
      method: 'POST',
      url: '/api/payment/verify',
      payload: ctx.t.app.payments.signTestPayment!(paymentId),
    });
    // Both ends of the India day, which are 18:30 UTC the day before and 18:00 UTC on the day.
    await placedOn([cash.id, cancelled.id], DAY, 0.5);
    await placedOn([card], DAY, 23.5);
    const nextDay = await placeCashOrder(ctx.t.app, ctx.t.db, me, [{ productId: silk.id }]);
    await placedOn([nextDay.id], addDays(DAY, 1), 0.5);

    const summary = await sendDailySummary(ctx.t.db, fx(), DAY);
    expect(summary).toMatchObject({ day: DAY, orders: 3, cancelled: 1, revenue: 5000 });
    expect(summary?.lowStock.products.map((p) => p.title)).toEqual(['Paithani', 'Chanderi Cotton']);

    const mail = await ctx.smtp.waitForMail((m) => m.subject.startsWith('Saree Pari on'));
    expect(mail.to).toEqual([admin.user.email]);
    expect(mail.subject).toBe('Saree Pari on 20 Nov 2026: 3 order(s), ₹5,000 revenue');
    expect(mail.text).toContain('3 order(s) placed, 1 of them cancelled since; revenue ₹5,000.');
    expect(mail.text).toContain('- Cash on delivery: 2 order(s), ₹2,000');
    expect(mail.text).toContain('- Card / UPI: 1 order(s), ₹3,000');
    expect(mail.text.split(/\r?\n/).join('\n')).toContain(
      `Low stock (at or below ${threshold}):\n- Paithani: out of stock\n- Chanderi Cotton: ${threshold} left`,
    );
    expect(mail.text).toContain(`http://localhost:3000/admin/dashboard?from=${DAY}&to=${DAY}`);
  });

  it('is sent on a quiet day too, with zeroes', async () => {
    await shopper(ctx.t.db, 'admin');
    expect(await sendDailySummary(ctx.t.db, fx(), DAY)).toMatchObject({
      orders: 0,
      revenue: 0,
      lowStock: { products: [] },
    });
    const mail = await ctx.smtp.waitForMail((m) => m.subject.startsWith('Saree Pari on'));
    expect(mail.subject).toBe('Saree Pari on 20 Nov 2026: 0 order(s), ₹0 revenue');
    expect(mail.text).toContain('No orders were placed.');
    expect(mail.text).toMatch(/No product is at or below your low-stock level \(\d+\)\./);
  });

  it('is a cron at 9:00 India time, and its job sums up the India day before the one it ran on', async () => {
    const rows = await ctx.t.db.execute(sql`select name, cron, timezone from pgboss.schedule`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'summary.daily', cron: '0 9 * * *', timezone: 'Asia/Kolkata' },
    ]);
    expect(DAILY_SUMMARY_CRON).toEqual({ cron: '0 9 * * *', tz: 'Asia/Kolkata' });
    await shopper(ctx.t.db, 'admin');
    await ctx.t.app.jobs.send(ctx.t.db, 'summary.daily', {});
    ctx.t.app.jobs.wake('summary.daily');
    const mail = await ctx.smtp.waitForMail((m) => m.subject.startsWith('Saree Pari on'), 40_000);
    const yesterday = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${addDays(indiaDate(), -1)}T00:00:00Z`));
    expect(mail.subject).toContain(`on ${yesterday}:`);
  }, 60_000);
});
