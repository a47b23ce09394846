import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_COD_SETTINGS, type AdminOrderList } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, placeCashOrder, shopper } from '../../../test/commerce.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { sweepUnconfirmed } from '../../flows/cod.ts';
import { orders } from './orders.table.ts';

let t: TestApp;
let staff: string;
const ids: Record<string, number> = {};

async function place(key: string, confirmWithinHours: number) {
  await t.db
    .update(shopSettings)
    .set({ cod: { ...DEFAULT_COD_SETTINGS, confirmWithinHours } })
    .where(eq(shopSettings.id, 1));
  const who = await shopper(t.db);
  const p = await insertProduct(t.db, { stock: 5 });
  ids[key] = (await placeCashOrder(t.app, t.db, who, [{ productId: p.id }])).id;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = (await shopper(t.db, 'staff')).cookie;
  await place('plain', 0);
  await place('lapsed', 24);
  // The lapsed one is cancelled by the sweep while still awaiting; the two after it are placed later.
  await sweepUnconfirmed(
    t.db,
    { jobs: t.app.jobs, webUrl: t.config.webUrl, publicUrl: t.config.publicUrl },
    new Date(Date.now() + 25 * 3_600_000),
  );
  await place('first', 24);
  await place('second', 24);
  await place('confirmed', 24);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${ids.confirmed}/confirm`,
    headers: { cookie: staff },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Placed one after the other in the same second: the creation times make the order certain.
  await t.db
    .update(orders)
    .set({ createdAt: new Date('2026-03-01T10:00:00Z') })
    .where(eq(orders.id, ids.first!));
  await t.db
    .update(orders)
    .set({ createdAt: new Date('2026-03-02T10:00:00Z') })
    .where(eq(orders.id, ids.second!));
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/orders/admin?${query}`, headers: { cookie: staff } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderList>();
};

describe('the admin list’s confirmation filter', () => {
  it('lists only the cash orders still awaiting confirmation, newest first, and counts them', async () => {
    const awaiting = await list('confirmation=awaiting');
    expect(awaiting.products.map((o) => o.id)).toEqual([ids.second, ids.first]);
    expect(awaiting.totalOrders).toBe(2);
    expect(awaiting.products.every((o) => o.confirmation === 'awaiting' && o.status === 'pending')).toBe(
      true,
    );
    expect(
      (await list('confirmation=awaiting&_sort=createdAt&_order=asc')).products.map((o) => o.id),
    ).toEqual([ids.first, ids.second]);
    expect((await list('')).totalOrders).toBe(5);
  });

  it('reads it in the older clients’ path segment and combines it with the other filters', async () => {
    const res = await t.app.inject({
      url: '/api/orders/admin/confirmation=awaiting&_page=1&',
      headers: { cookie: staff },
    });
    expect(res.json<AdminOrderList>().totalOrders).toBe(2);
    expect((await list('confirmation=awaiting&paymentMethod=card')).totalOrders).toBe(0);
    expect((await list('confirmation=awaiting&to=2026-03-01')).products.map((o) => o.id)).toEqual([
      ids.first,
    ]);
    expect((await list('confirmation=')).totalOrders).toBe(5);
  });

  it('refuses a value it does not know with a 400, in the list and the CSV export', async () => {
    const admin = (await shopper(t.db, 'admin')).cookie;
    for (const url of [
      '/api/orders/admin?confirmation=confirmed',
      '/api/orders/admin?confirmation=AWAITING',
      '/api/orders/admin/confirmation=yes',
      '/api/orders/export?confirmation=nope',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Invalid confirmation');
    }
  });

  it('exports only the awaiting orders when the CSV is asked with the filter', async () => {
    const admin = (await shopper(t.db, 'admin')).cookie;
    const res = await t.app.inject({
      url: '/api/orders/export?confirmation=awaiting',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(2);
  });
});
