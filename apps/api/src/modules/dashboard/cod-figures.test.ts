import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_COD_SETTINGS, type Dashboard } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, placeCashOrder, shopper, testAddress } from '../../../test/commerce.ts';
import { sweepUnconfirmed } from '../../flows/cod.ts';
import { orders } from '../orders/orders.table.ts';
import { shopSettings } from '../settings/settings.table.ts';

let t: TestApp;
let admin: string;
const DAY = 86_400_000;

async function cashOrder(confirmWithinHours: number) {
  await t.db
    .update(shopSettings)
    .set({ cod: { ...DEFAULT_COD_SETTINGS, confirmWithinHours } })
    .where(eq(shopSettings.id, 1));
  const who = await shopper(t.db);
  const p = await insertProduct(t.db, { stock: 5 });
  return (await placeCashOrder(t.app, t.db, who, [{ productId: p.id }])).id;
}

async function cardOrder(userId: number, listed: boolean) {
  await t.db.insert(orders).values({
    userId,
    totalAmountPaise: 100_000,
    totalItems: 1,
    paymentMethod: 'card',
    paymentStatus: listed ? 'paid' : 'awaiting',
    selectedAddress: testAddress,
    listed,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await shopper(t.db, 'admin');
  admin = owner.cookie;
  await cashOrder(0);
  await cashOrder(24);
  // The sweep, a day and more later, cancels the one awaiting so far: cancelled unconfirmed.
  const fx = { jobs: t.app.jobs, webUrl: t.config.webUrl, publicUrl: t.config.publicUrl };
  expect((await sweepUnconfirmed(t.db, fx, new Date(Date.now() + 25 * 3_600_000))).cancelled).toHaveLength(1);
  await cashOrder(24);
  const confirmed = await cashOrder(24);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${confirmed}/confirm`,
        headers: { cookie: admin },
      })
    ).statusCode,
  ).toBe(200);
  // Cancelled by the shop before anyone confirmed it: unconfirmed too.
  const byStaff = await cashOrder(24);
  const cancel = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${byStaff}`,
    headers: { cookie: admin },
    payload: { status: 'cancelled' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Before the period: not counted.
  const old = await cashOrder(24);
  await t.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 60 * DAY) })
    .where(eq(orders.id, old));
  await cardOrder(owner.user.id, true);
  // An unpaid card hold is not an order at all.
  await cardOrder(owner.user.id, false);
});
afterAll(() => t.close());

describe('the dashboard’s cash-on-delivery figures', () => {
  it('counts the period’s cash orders by confirmation, and their share of the listed orders', async () => {
    const res = await t.app.inject({ url: '/api/dashboard', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<Dashboard>();
    expect(d.figures.orders).toBe(6);
    expect(d.cod).toEqual({ orders: 5, share: 5 / 6, confirmed: 1, cancelledUnconfirmed: 2, awaiting: 1, returnedByPrefix: [] });
  });

  it('reads zeros, not a division by nothing, for a period without orders', async () => {
    const res = await t.app.inject({
      url: '/api/dashboard?from=2025-01-01&to=2025-01-31',
      headers: { cookie: admin },
    });
    expect(res.json<Dashboard>().cod).toEqual({
      orders: 0,
      share: 0,
      confirmed: 0,
      cancelledUnconfirmed: 0,
      awaiting: 0,
      returnedByPrefix: [],
    });
  });

  it('counts where shipped cash parcels came back, by the PIN’s first three digits', async () => {
    const step = (id: number, payload: object, url = `/api/orders/${id}`, method: 'PATCH' | 'POST' = 'PATCH') =>
      t.app.inject({ method, url, headers: { cookie: admin }, payload });
    const shipped: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await cashOrder(0);
      expect((await step(id, { courier: 'manual', courierName: 'Delhivery', awb: `RTO00000${i}`, trackingUrl: null }, `/api/orders/${id}/shipments`, 'POST')).statusCode).toBe(201);
      shipped.push(id);
    }
    for (const id of shipped.slice(0, 2)) {
      expect((await step(id, { stage: 'undelivered' })).statusCode).toBe(200);
      expect((await step(id, { stage: 'rto' })).json()).toMatchObject({ stage: 'rto', status: 'cancelled' });
    }
    const d = (await t.app.inject({ url: '/api/dashboard', headers: { cookie: admin } })).json<Dashboard>();
    expect(d.cod?.returnedByPrefix).toEqual([{ prefix: '400', shipped: 3, returned: 2, rate: 2 / 3 }]);
  });
});
