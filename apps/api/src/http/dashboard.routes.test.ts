import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Dashboard, OrderStatus, PaymentStatus } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct, shopper, testAddress } from '../../test/commerce.ts';
import { orderItems, orders } from '../modules/orders/orders.table.ts';
import { lowStockAlerts } from '../modules/products/products.table.ts';

let t: TestApp;
let admin: string;
const P: Record<string, { id: number; title: string }> = {};

/** An order written straight to the tables, at an Indian time, with lines of [product, quantity, rupees]. */
async function order(
  userId: number,
  at: string,
  o: { method: 'cash' | 'card'; status: OrderStatus; payment?: PaymentStatus; listed?: boolean },
  lines: [string, number, number][],
) {
  const total = lines.reduce((s, [, q, r]) => s + q * r * 100, 0);
  const [row] = await t.db
    .insert(orders)
    .values({
      userId,
      totalAmountPaise: total,
      totalItems: lines.reduce((s, [, q]) => s + q, 0),
      paymentMethod: o.method,
      paymentStatus: o.payment ?? (o.method === 'card' ? 'paid' : 'pending'),
      selectedAddress: testAddress,
      status: o.status,
      listed: o.listed ?? true,
      createdAt: new Date(`${at}+05:30`),
    })
    .returning();
  await t.db.insert(orderItems).values(
    lines.map(([key, quantity, rupees]) => ({
      orderId: row!.id,
      productId: P[key]!.id,
      quantity,
      color: '#aa2233',
      size: 42,
      unitPricePaise: rupees * 100,
      product: {
        id: P[key]!.id,
        title: P[key]!.title,
        brand: 'b',
        category: 'sarees',
        thumbnail: '/t.webp',
        price: rupees,
        discountPercentage: 0,
        discountedPrice: rupees,
      },
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await shopper(t.db, 'admin')).cookie;
  const buyer = (await shopper(t.db)).user.id;
  for (const [key, title, stock, deleted] of [
    ['A', 'Kanjivaram Silk', 50, false],
    ['B', 'Chanderi Cotton', 50, false],
    ['C', 'Kota Doria', 50, false],
    ['D', 'Paithani', 3, false],
    ['E', 'Old Tussar', 0, true],
    ['F', 'Bandhani', 5, false],
    ['G', 'Ikat', 6, false],
  ] as const) {
    P[key] = await insertProduct(t.db, { title, stock, deleted, price: 1000, discountPercentage: 0 });
  }
  // The period 1–7 March 2026 (India time) ...
  await order(buyer, '2026-03-01T10:00:00', { method: 'cash', status: 'pending' }, [['A', 2, 1000]]);
  await order(buyer, '2026-03-01T23:59:00', { method: 'cash', status: 'delivered' }, [
    ['B', 1, 500],
    ['C', 1, 200],
  ]);
  await order(buyer, '2026-03-02T00:05:00', { method: 'card', status: 'dispatched' }, [['C', 3, 200]]);
  await order(buyer, '2026-03-03T12:00:00', { method: 'cash', status: 'cancelled' }, [['A', 1, 1000]]);
  await order(buyer, '2026-03-04T12:00:00', { method: 'card', status: 'cancelled' }, [['B', 1, 500]]);
  // An unpaid card hold and a lapsed one are not orders at all.
  await order(
    buyer,
    '2026-03-05T12:00:00',
    { method: 'card', status: 'pending', payment: 'awaiting', listed: false },
    [['A', 5, 1000]],
  );
  await order(
    buyer,
    '2026-03-05T13:00:00',
    { method: 'card', status: 'cancelled', payment: 'expired', listed: false },
    [['A', 1, 1000]],
  );
  await order(buyer, '2026-03-07T23:00:00', { method: 'cash', status: 'pending' }, [['B', 1, 500]]);
  await order(buyer, '2026-03-08T00:30:00', { method: 'cash', status: 'pending' }, [['A', 1, 1000]]);
  // ... and the seven days before it, 22–28 February.
  await order(buyer, '2026-02-25T12:00:00', { method: 'cash', status: 'delivered' }, [['A', 1, 1000]]);
  await order(buyer, '2026-02-28T12:00:00', { method: 'cash', status: 'cancelled' }, [['B', 1, 500]]);
  await order(buyer, '2026-02-21T12:00:00', { method: 'cash', status: 'delivered' }, [['C', 1, 200]]);
  await t.db
    .insert(lowStockAlerts)
    .values({ productId: P.D!.id, stock: 3, threshold: 5, at: new Date('2026-03-06T10:00:00Z') });
});
afterAll(() => t.close());

const get = async (query: string) => {
  const res = await t.app.inject({ url: `/api/dashboard?${query}`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
};

describe('the dashboard', () => {
  it('counts revenue from paid card and cash orders that are not cancelled, and compares with the period before', async () => {
    const d = await get('from=2026-03-01&to=2026-03-07');
    expect(d.period).toEqual({ from: '2026-03-01', to: '2026-03-07', days: 7 });
    expect(d.previousPeriod).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    // Orders 1, 2, 3, 8 earn ₹2,000 + ₹700 + ₹600 + ₹500; 4 and 5 are cancelled; the holds are not orders.
    expect(d.figures).toEqual({
      revenue: 3800,
      orders: 6,
      averageOrderValue: 950,
      unitsSold: 8,
      cancellationRate: 2 / 6,
    });
    expect(d.previous).toEqual({
      revenue: 1000,
      orders: 2,
      averageOrderValue: 1000,
      unitsSold: 1,
      cancellationRate: 0.5,
    });
  });

  it('gives revenue and orders per India day, every day of the period, empty ones too', async () => {
    const d = await get('from=2026-03-01&to=2026-03-07');
    expect(d.daily).toEqual([
      { date: '2026-03-01', revenue: 2700, orders: 2 },
      { date: '2026-03-02', revenue: 600, orders: 1 },
      { date: '2026-03-03', revenue: 0, orders: 1 },
      { date: '2026-03-04', revenue: 0, orders: 1 },
      { date: '2026-03-05', revenue: 0, orders: 0 },
      { date: '2026-03-06', revenue: 0, orders: 0 },
      { date: '2026-03-07', revenue: 500, orders: 1 },
    ]);
  });

  it('splits the orders by status and by payment method', async () => {
    const d = await get('from=2026-03-01&to=2026-03-07');
    expect(d.byStatus).toEqual([
      { status: 'pending', orders: 2 },
      { status: 'dispatched', orders: 1 },
      { status: 'delivered', orders: 1 },
      { status: 'cancelled', orders: 2 },
    ]);
    expect(d.byPaymentMethod).toEqual([
      { paymentMethod: 'cash', orders: 4, revenue: 3200 },
      { paymentMethod: 'card', orders: 2, revenue: 600 },
    ]);
  });

  it('ranks the products by revenue and by units from the earning orders only', async () => {
    const d = await get('from=2026-03-01&to=2026-03-07');
    const row = (k: string, revenue: number, units: number) => ({
      productId: P[k]!.id,
      title: P[k]!.title,
      revenue,
      units,
    });
    expect(d.topByRevenue).toEqual([row('A', 2000, 2), row('B', 1000, 2), row('C', 800, 4)]);
    expect(d.topByUnits).toEqual([row('C', 800, 4), row('A', 2000, 2), row('B', 1000, 2)]);
  });

  it('lists the products on sale at or below the threshold, and the low-stock alerts sent', async () => {
    const d = await get('from=2026-03-01&to=2026-03-07');
    expect(d.lowStock.threshold).toBe(5);
    expect(d.lowStock.products.map((p) => [p.title, p.stock])).toEqual([
      ['Paithani', 3],
      ['Bandhani', 5],
    ]);
    expect(d.lowStockAlerts).toEqual([
      { productId: P.D!.id, title: 'Paithani', stock: 3, at: '2026-03-06T10:00:00.000Z' },
    ]);
  });

  it('takes one day as a period, compared with the day before', async () => {
    const d = await get('from=2026-03-01&to=2026-03-01');
    expect(d.previousPeriod).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(d.figures).toEqual({
      revenue: 2700,
      orders: 2,
      averageOrderValue: 1350,
      unitsSold: 4,
      cancellationRate: 0,
    });
    expect(d.previous).toMatchObject({ revenue: 0, orders: 1, cancellationRate: 1, averageOrderValue: 0 });
  });

  it('defaults to the last 30 days in India', async () => {
    const d = await get('');
    expect(d.period.days).toBe(30);
    expect(d.daily).toHaveLength(30);
  });

  it('refuses a bad date, a reversed range and more than a year with 400 and its message', async () => {
    for (const [q, message] of [
      ['from=2026-13-01', 'Invalid date'],
      ['to=tomorrow', 'Invalid date'],
      ['from=2026-03-07&to=2026-03-01', 'The start date is after the end date'],
      ['from=2024-01-01&to=2026-01-01', 'Choose a period of at most a year'],
    ]) {
      const res = await t.app.inject({ url: `/api/dashboard?${q}`, headers: { cookie: admin } });
      expect([q, res.statusCode, res.json()]).toEqual([q, 400, { message }]);
    }
  });

  it('is for admins only', async () => {
    const user = await shopper(t.db);
    expect((await t.app.inject({ url: '/api/dashboard', headers: { cookie: user.cookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('follows an order out of the best sellers when it is cancelled, and back when it is restored or paid', async () => {
    const buyer = (await shopper(t.db)).user.id;
    await order(buyer, '2026-05-10T11:00:00', { method: 'cash', status: 'pending' }, [['G', 2, 700]]);
    await order(buyer, '2026-05-10T12:00:00', { method: 'card', status: 'pending', payment: 'awaiting', listed: false }, [['F', 1, 900]]);
    const [newest, before] = await t.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(2);
    const cash = before!.id;
    const card = newest!.id;
    const top = async () => (await get('from=2026-05-10&to=2026-05-10')).topByUnits.map((p) => [p.title, p.units, p.revenue]);
    expect(await top()).toEqual([['Ikat', 2, 1400]]);
    const patch = async (id: number, status: OrderStatus) =>
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: { cookie: admin }, payload: { status } })).statusCode).toBe(200);
    await patch(cash, 'cancelled');
    expect(await top()).toEqual([]);
    // docs/product.md, Order statuses: restored by reopening it, with a reason.
    const reopen = await t.app.inject({ method: 'POST', url: `/api/orders/${cash}/reopen`, headers: { cookie: admin }, payload: { reason: 'Paid after all' } });
    expect(reopen.statusCode).toBe(200);
    expect(await top()).toEqual([['Ikat', 2, 1400]]);
    // The card hold counts once it is paid.
    await t.db.update(orders).set({ paymentStatus: 'paid', listed: true }).where(eq(orders.id, card));
    expect(await top()).toEqual([['Ikat', 2, 1400], ['Bandhani', 1, 900]]);
  });
});
