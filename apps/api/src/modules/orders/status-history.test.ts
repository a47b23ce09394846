import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderStatusEvent, PaymentInitiation } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  shopper,
} from '../../../test/commerce.ts';
import { expireReservations } from '../../flows/reservations.ts';
import { products } from '../products/products.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const history = (id: number, cookie: string) =>
  t.app.inject({ url: `/api/orders/${id}/history`, headers: { cookie } });
const setStatus = (id: number, status: string, cookie: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: { cookie }, payload: { status } });
const steps = (events: OrderStatusEvent[]) =>
  events.map((e) => [e.from, e.to, e.by === null ? null : e.by?.name]);

describe('an order’s status history', () => {
  it('starts with the placement and adds a step, with who and when, for every change an admin makes', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    expect((await setStatus(order.id, 'dispatched', admin.cookie)).statusCode).toBe(200);
    // The same status again changes nothing and adds no step.
    expect((await setStatus(order.id, 'dispatched', admin.cookie)).statusCode).toBe(200);
    expect((await setStatus(order.id, 'cancelled', admin.cookie)).statusCode).toBe(200);

    const res = await history(order.id, admin.cookie);
    expect(res.statusCode).toBe(200);
    const events = res.json<OrderStatusEvent[]>();
    expect(steps(events)).toEqual([
      [null, 'pending', me.user.name],
      ['pending', 'dispatched', admin.user.name],
      ['dispatched', 'cancelled', admin.user.name],
    ]);
    expect(events[1]!.by).toEqual({ id: admin.user.id, name: admin.user.name, role: 'admin' });
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs(times[0]! - Date.parse(order.createdAt))).toBeLessThan(5000);
  });

  it('shows the shopper the steps of their own order without anyone’s name, and nobody else’s', async () => {
    const me = await shopper(t.db);
    const other = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    await setStatus(order.id, 'delivered', admin.cookie);

    const mine = await history(order.id, me.cookie);
    expect(mine.json<OrderStatusEvent[]>().map((e) => Object.keys(e).sort())).toEqual([
      ['at', 'from', 'to'],
      ['at', 'from', 'stage', 'to'],
    ]);
    expect(mine.body).not.toContain(admin.user.name);
    expect((await history(order.id, other.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/history` })).statusCode).toBe(401);
    expect((await history(999_999, admin.cookie)).statusCode).toBe(404);
  });

  it('adds no step when an un-cancel is refused for want of stock', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 1 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    await setStatus(order.id, 'cancelled', admin.cookie);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
    expect((await setStatus(order.id, 'pending', admin.cookie)).statusCode).toBe(409);
    expect(steps((await history(order.id, admin.cookie)).json())).toEqual([
      [null, 'pending', me.user.name],
      ['pending', 'cancelled', admin.user.name],
    ]);
  });

  it('records a lapsed card hold as cancelled by the shop itself (no one)', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 3 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie: me.cookie },
      payload: orderPayload('card'),
    });
    const { orderId } = res.json<PaymentInitiation>();
    await expireReservations(t.db, new Date(Date.now() + t.config.paymentExpiryMs + 1000));
    const admin = await shopper(t.db, 'admin');
    expect(steps((await history(orderId, admin.cookie)).json())).toEqual([
      [null, 'pending', me.user.name],
      ['pending', 'cancelled', null],
    ]);
  });
});
