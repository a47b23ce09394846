import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  shopper,
} from '../../../test/commerce.ts';
import { startSmtpServer, type SmtpCapture } from '../../../test/smtp.ts';
import { rows } from '../../../test/security/invariants.ts';
import { lowStockAlerts, products } from './products.table.ts';

let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.clear();
});

/** Low-stock mails enqueued about these products, read from the job queue itself (written in the sale's transaction). */
const lowStockJobs = async (...titles: string[]) =>
  (
    await rows<{ subject: string }>(
      t.db,
      sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'subject' like 'Low stock:%' order by created_on`,
    )
  )
    .map((j) => j.subject)
    .filter((s) => titles.some((title) => s.startsWith(`Low stock: ${title} `)));

describe('the low-stock alert', () => {
  it('mails every admin once when a sale takes a product to the threshold, not again for the next sale below it', async () => {
    const owner = await shopper(t.db, 'admin');
    const manager = await shopper(t.db, 'admin');
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Paithani', stock: 7 });
    await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 2 }]);
    const mail = await smtp.waitForMail((m) => m.subject.startsWith('Low stock:'));
    expect(mail.subject).toBe('Low stock: Paithani is down to 5 left');
    expect(mail.to.sort()).toEqual([owner.user.email, manager.user.email].sort());
    expect(mail.text).toContain(`http://localhost:3000/admin/product-form/edit/${p.id}`);

    await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 1 }]);
    expect(await lowStockJobs('Paithani')).toEqual(['Low stock: Paithani is down to 5 left']);
    const alerts = await t.db.select().from(lowStockAlerts);
    expect(alerts.map((a) => [a.productId, a.stock, a.threshold])).toEqual([[p.id, 5, 5]]);
  });

  it('alerts again after a restock above the threshold, and for a card reservation that empties the shelf', async () => {
    await shopper(t.db, 'admin');
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Kota Doria', stock: 6 });
    await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 3 }]);
    await t.db.update(products).set({ stock: 9 }).where(eq(products.id, p.id));
    await insertCartLine(t.db, me.user.id, p.id, 9);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie: me.cookie },
      payload: orderPayload('card'),
    });
    expect(res.statusCode).toBe(201);
    expect(await lowStockJobs('Kota Doria')).toEqual([
      'Low stock: Kota Doria is down to 3 left',
      'Low stock: Kota Doria is now out of stock',
    ]);
    await smtp.waitForMail((m) => m.subject === 'Low stock: Kota Doria is now out of stock');
  });

  it('stays quiet for a sale that leaves more than the threshold, and for one that fails', async () => {
    await shopper(t.db, 'admin');
    const me = await shopper(t.db);
    const plenty = await insertProduct(t.db, { title: 'Ikat', stock: 20 });
    const scarce = await insertProduct(t.db, { title: 'Patola', stock: 6 });
    await placeCashOrder(t.app, t.db, me, [{ productId: plenty.id, quantity: 3 }]);
    await insertCartLine(t.db, me.user.id, plenty.id, 1);
    await insertCartLine(t.db, me.user.id, scarce.id, 7);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: me.cookie },
      payload: orderPayload('cash'),
    });
    expect(refused.statusCode).toBe(409);
    expect(await lowStockJobs('Ikat', 'Patola')).toEqual([]);
    expect(await t.db.select().from(lowStockAlerts)).toEqual([]);
  });
});
