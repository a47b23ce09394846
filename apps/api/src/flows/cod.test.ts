import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_COD_SETTINGS, type CodConfirmation, type CodSettings, type Order, type OrderStatusEvent } from '@shop/shared';
import { mailTestApp } from '../../test/smtp.ts';
import { insertCartLine, insertProduct, orderPayload, productStock, shopper } from '../../test/commerce.ts';
import { taxDocuments } from '../modules/invoices/invoices.table.ts';
import type { TaxDocument } from '../modules/invoices/document.ts';
import { shopSettings } from '../modules/settings/settings.table.ts';
import { cartItems } from '../modules/cart/cart.table.ts';
import { orderCharges, sweepUnconfirmed } from './cod.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { twoHostsOnPostgres, type TwoHosts } from '../../test/security/servers.ts';
import { orders, orderStatusHistory } from '../modules/orders/orders.table.ts';

const ctx = mailTestApp();
const HOUR = 3_600_000;

async function setCod(cod: Partial<CodSettings>) {
  await ctx.t.db.update(shopSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, ...cod } }).where(eq(shopSettings.id, 1));
}

/** A shopper with `quantity` sarees of ₹2,249 in the cart. */
async function cartOf(quantity = 1) {
  const who = await shopper(ctx.t.db);
  const product = await insertProduct(ctx.t.db, { price: 2249, discountPercentage: 0, stock: 10 });
  await insertCartLine(ctx.t.db, who.user.id, product.id, quantity);
  return { who, product };
}

const place = (cookie: string, body: object = orderPayload('cash')) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: body });

async function documents(orderId: number): Promise<TaxDocument[]> {
  const rows = await ctx.t.db.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
  return rows.map((r) => r.document);
}

const fx = () => ({ jobs: ctx.t.app.jobs, webUrl: ctx.t.config.webUrl, publicUrl: ctx.t.config.publicUrl });

describe('the COD fee and limits', () => {
  it('adds the fee to the order and to its invoice, taxed at the goods’ rate, when the original client orders', async () => {
    await setCod({ feeRupees: 49 });
    const { who } = await cartOf(2);
    const res = await place(who.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.codFee).toBe(49);
    expect(order.totalAmount).toBe(2 * 2249 + 49);
    expect(order.confirmation).toBe('not_needed');
    const [invoice] = await documents(order.id);
    const fee = invoice!.lines.find((l) => l.description === 'Cash on delivery fee')!;
    expect(fee).toMatchObject({ amountPaise: 4900, quantity: 1, ratePercent: invoice!.lines[0]!.ratePercent, hsn: invoice!.lines[0]!.hsn });
    expect(fee.taxablePaise + fee.cgstPaise + fee.sgstPaise + fee.igstPaise).toBe(4900);
    expect(invoice!.totals.totalPaise).toBe(Math.round(order.totalAmount * 100));
  });

  it('refuses COD over the maximum with the reason, takes nothing, and accepts an order exactly at it', async () => {
    await setCod({ maxOrderRupees: 4000 });
    const { who, product } = await cartOf(2);
    const res = await place(who.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Cash on delivery is for orders up to ₹4,000' });
    expect(await productStock(ctx.t.db, product.id)).toBe(10);
    expect(await ctx.t.db.select().from(cartItems).where(eq(cartItems.userId, who.user.id))).toHaveLength(1);

    // ₹2,000 less 0 %: two are ₹4,000, the maximum itself (inclusive).
    const atLimit = await shopper(ctx.t.db);
    const even = await insertProduct(ctx.t.db, { price: 2000, discountPercentage: 0 });
    await insertCartLine(ctx.t.db, atLimit.user.id, even.id, 2);
    expect((await place(atLimit.cookie)).statusCode).toBe(201);
  });

  it('refuses COD under the minimum and when the shop has turned it off', async () => {
    await setCod({ minOrderRupees: 3000 });
    const { who } = await cartOf(1);
    const under = await place(who.cookie);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('Cash on delivery is for orders of ₹3,000 or more');
    await setCod({ enabled: false });
    expect((await place(who.cookie)).json().message).toBe('Cash on delivery is not offered by this shop');
  });

  it('ignores a fee, total or confirmation the client sends', async () => {
    await setCod({ feeRupees: 49 });
    const { who } = await cartOf(1);
    const res = await place(who.cookie, orderPayload('cash', { codFee: 0, totalAmount: 1, confirmation: 'confirmed' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({ codFee: 49, totalAmount: 2249 + 49 });
  });

  it('takes a prepaid discount off a card order, never below nothing', () => {
    const cod = { ...DEFAULT_COD_SETTINGS, prepaidDiscountRupees: 50 };
    expect(orderCharges(cod, 'card', 224_900).charges).toMatchObject({ prepaidDiscountPaise: 5000, codFeePaise: 0, confirmation: 'not_needed' });
    expect(orderCharges(cod, 'card', 3000).charges.prepaidDiscountPaise).toBe(3000);
    expect(orderCharges(cod, 'cash', 224_900).charges.prepaidDiscountPaise).toBe(0);
    expect(orderCharges({ ...cod, feePercent: 2 }, 'cash', 224_900).charges.codFeePaise).toBe(4500);
  });
});

describe('confirming a COD order', () => {
  async function awaitingOrder() {
    await setCod({ confirmWithinHours: 24 });
    const { who, product } = await cartOf(1);
    const res = await place(who.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const mail = await ctx.smtp.waitForMail((m) => m.subject.startsWith('Please confirm') && m.subject.includes(`#${order.id}`));
    const link = /\/orders\/(\d+)\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)!;
    expect(Number(link[1])).toBe(order.id);
    return { who, product, order, token: link[2]!, mail };
  }

  it('starts awaiting, uninvoiced, and the link in the mail confirms it once, by the shopper', async () => {
    const { who, order, token, mail } = await awaitingOrder();
    expect(order).toMatchObject({ status: 'pending', confirmation: 'awaiting', invoiceNumber: null });
    expect(Date.parse(order.confirmBy!) - Date.parse(order.createdAt)).toBeCloseTo(24 * HOUR, -4);
    expect(mail.text).toContain('or it will be cancelled');
    expect(await documents(order.id)).toHaveLength(0);

    const view = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/confirm?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json<CodConfirmation>()).toMatchObject({ orderId: order.id, confirmation: 'awaiting', deliverTo: { city: 'Mumbai', pinCode: '400050' } });
    expect(view.json()).not.toHaveProperty('selectedAddress');

    // Two at once: one confirmation, one history step, one invoice.
    const [a, b] = await Promise.all(
      [0, 1].map(() => ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm`, payload: { token } })),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json<CodConfirmation>().confirmation).toBe('confirmed');
    expect(b!.json<CodConfirmation>().confirmation).toBe('confirmed');
    expect((await documents(order.id)).filter((d) => d.kind === 'invoice')).toHaveLength(1);
    const history = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/history`, headers: { cookie: who.cookie } });
    expect(history.json<OrderStatusEvent[]>().filter((e) => e.event === 'cod_confirmed')).toHaveLength(1);
    const mine = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie: who.cookie } });
    expect(mine.json<Order>()).toMatchObject({ status: 'pending', confirmation: 'confirmed' });
    expect(mine.json<Order>().invoiceNumber).toMatch(/\S/);
    await ctx.smtp.waitForMail((m) => m.subject.includes(`order #${order.id} is confirmed`));
  });

  it('refuses a forged or another order’s link, and changes nothing', async () => {
    const { order, token } = await awaitingOrder();
    const other = await awaitingOrder();
    for (const [id, tok, status] of [
      [order.id, 'A'.repeat(32), 404],
      [order.id, other.token, 404],
      [order.id + 999, token, 404],
      [order.id, 'short', 400],
      [order.id, '../../etc', 400],
    ] as const) {
      const res = await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${id}/confirm`, payload: { token: tok } });
      expect(res.statusCode, `${id} ${tok}`).toBe(status);
      const get = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${id}/confirm?token=${encodeURIComponent(tok)}` });
      expect(get.statusCode).toBe(status);
    }
    const still = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/confirm?token=${token}` });
    expect(still.json<CodConfirmation>().confirmation).toBe('awaiting');
  });

  it('lets staff confirm after a call, not a shopper without the link; and no one dispatch it unconfirmed', async () => {
    const { who, order } = await awaitingOrder();
    const staff = await shopper(ctx.t.db, 'staff');
    const dispatch = await ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: staff.cookie }, payload: { status: 'dispatched' } });
    expect(dispatch.statusCode).toBe(409);
    expect(dispatch.json().message).toMatch(/confirm it before dispatching/);
    expect((await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm` })).statusCode).toBe(401);
    expect((await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm`, headers: { cookie: who.cookie } })).statusCode).toBe(403);
    const byStaff = await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm`, headers: { cookie: staff.cookie } });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json<Order>().confirmation).toBe('confirmed');
    const history = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/history`, headers: { cookie: staff.cookie } });
    expect(history.json<OrderStatusEvent[]>().find((e) => e.event === 'cod_confirmed')?.by).toMatchObject({ id: staff.user.id, role: 'staff' });
    const shipped = await ctx.t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: staff.cookie }, payload: { status: 'delivered' } });
    expect(shipped.json<Order>()).toMatchObject({ status: 'delivered', cashCollected: true, payment: { status: 'paid' } });
  });

  it('reminds half-way, then cancels at the deadline with the stock back; the link then says so', async () => {
    const { order, product, token } = await awaitingOrder();
    expect(await productStock(ctx.t.db, product.id)).toBe(9);
    const placed = Date.parse(order.createdAt);

    expect(await sweepUnconfirmed(ctx.t.db, fx(), new Date(placed + 11 * HOUR))).toEqual({ cancelled: [], reminded: [] });
    expect(await sweepUnconfirmed(ctx.t.db, fx(), new Date(placed + 13 * HOUR))).toEqual({ cancelled: [], reminded: [order.id] });
    await ctx.smtp.waitForMail((m) => m.subject.startsWith('Reminder: please confirm') && m.text.includes(token));
    // Once only.
    expect((await sweepUnconfirmed(ctx.t.db, fx(), new Date(placed + 14 * HOUR))).reminded).toEqual([]);

    // Past the deadline the link no longer confirms, even before the sweep has run.
    const late = await sweepUnconfirmed(ctx.t.db, fx(), new Date(placed + 25 * HOUR));
    expect(late.cancelled).toEqual([order.id]);
    expect(await productStock(ctx.t.db, product.id)).toBe(10);
    expect(await documents(order.id)).toHaveLength(0);
    const mail = await ctx.smtp.waitForMail((m) => m.subject.includes(`#${order.id} has been cancelled`));
    expect(mail.text).toContain('as it was not confirmed in time');
    const res = await ctx.t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm`, payload: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cancelled/);
    expect((await sweepUnconfirmed(ctx.t.db, fx(), new Date(placed + 26 * HOUR))).cancelled).toEqual([]);
  });
});

describe('PIN codes at checkout', () => {
  const withAddress = (over: object) => orderPayload('cash', { selectedAddress: { ...orderPayload().selectedAddress, ...over } });

  it('refuses a deny-listed PIN, COD where it is off, a PIN of another state and one that does not exist, taking nothing', async () => {
    const admin = await shopper(ctx.t.db, 'admin');
    const rules = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/delivery/pincode-rules',
      headers: { cookie: admin.cookie },
      payload: { noDelivery: ['7930'], noCod: ['110001'] },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const { who, product } = await cartOf(1);
    for (const [address, message] of [
      [{ pinCode: '793001', city: 'Shillong', state: 'Meghalaya' }, 'We do not deliver to PIN code 793001'],
      [{ pinCode: '110 001', city: 'New Delhi', state: 'Delhi' }, 'Cash on delivery is not available for PIN code 110001'],
      [{ pinCode: '400050', state: 'Karnatak' }, 'Choose a state or union territory'],
      [{ pinCode: '400050', state: 'Karnataka' }, 'PIN code 400050 is in Maharashtra, not Karnataka'],
      [{ pinCode: '999999' }, 'PIN code 999999 does not exist'],
      [{ pinCode: '4000AB' }, 'A PIN code is 6 digits and does not start with 0'],
    ] as const) {
      const res = await place(who.cookie, withAddress(address));
      expect(res.statusCode, JSON.stringify(address)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await productStock(ctx.t.db, product.id)).toBe(10);
    // The original client's spelling of the state is still matched by name.
    expect((await place(who.cookie, withAddress({ state: 'MH', pinCode: '400 050' }))).statusCode).not.toBe(400);
  });
});

describe('addresses given at sign-up', () => {
  it('are held to the same PIN and state rule as an address saved later', async () => {
    const body = (state: string) => ({
      name: 'Asha Rao',
      email: `asha.${state.length}@example.com`,
      password: 'Secret123',
      phoneNumber: '9820012345',
      addresses: [{ ...orderPayload().selectedAddress, state }],
    });
    const wrong = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body('Karnataka') });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'PIN code 400050 is in Maharashtra, not Karnataka']);
    const right = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body('Maharashtra') });
    expect(right.statusCode, right.body).toBe(201);
  });
});

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('ten confirmations at once across two server processes on one PostgreSQL', () => {
    let hosts: TwoHosts;
    beforeAll(async () => {
      hosts = await twoHostsOnPostgres('cod-confirm-race');
    }, 120_000);
    afterAll(() => hosts?.close());

    it('confirm the order once: one history step, one invoice, every reply confirmed', async () => {
      const { servers, database } = hosts;
      const db = database.db;
      await db.update(shopSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, confirmWithinHours: 24 } });
      const who = await shopper(db);
      const product = await insertProduct(db, { price: 1500, discountPercentage: 0 });
      await insertCartLine(db, who.user.id, product.id, 1);
      const placed = await fetch(`${servers[0]!.url}/api/orders`, {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(orderPayload('cash')),
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const { id } = (await placed.json()) as Order;
      const [row] = await db.select({ token: orders.confirmToken }).from(orders).where(eq(orders.id, id));
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${servers[i % 2]!.url}/api/orders/${id}/confirm`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: row!.token }),
          }).then(async (r) => [r.status, ((await r.json()) as CodConfirmation).confirmation] as const),
        ),
      );
      expect(replies).toEqual(Array.from({ length: 10 }, () => [200, 'confirmed']));
      const steps = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
      expect(steps.filter((s) => s.event === 'cod_confirmed')).toHaveLength(1);
      const invoices = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
      expect(invoices.filter((d) => d.kind === 'invoice')).toHaveLength(1);
    });
  });
