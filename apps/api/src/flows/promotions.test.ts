import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_SHIPPING_SETTINGS,
  type CartOffers,
  type Dashboard,
  type Order,
  type PaymentInitiation,
  type Product,
  type Promotion,
  type PromotionDetail,
} from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../../test/commerce.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { twoHostsOnPostgres, type TwoHosts } from '../../test/security/servers.ts';
import { taxDocuments } from '../modules/invoices/invoices.table.ts';
import type { TaxDocument } from '../modules/invoices/document.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { cartPromoCodes, promotions, promotionUses } from '../modules/promotions/promotions.table.ts';
import { shopSettings } from '../modules/settings/settings.table.ts';
import { cartOffers, saleBook } from './promotions.ts';
import { ProductCache } from '../modules/products/product-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Who = Awaited<ReturnType<typeof shopper>>;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();
const NEXT_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();

async function promote(boss: Who, body: object): Promise<Promotion> {
  const res = await inject('POST', '/api/promotions', boss, { startsAt: YESTERDAY, endsAt: NEXT_WEEK, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Promotion>();
}

async function place(who: Who, method: 'cash' | 'card' = 'cash', extra: Record<string, unknown> = {}) {
  if (method === 'card') return inject('POST', '/api/payment/initiate', who, orderPayload('card', extra));
  return inject('POST', '/api/orders', who, orderPayload('cash', extra));
}

describe('promotions the owner makes, as the checkout applies them', () => {
  it('an automatic Diwali sale: the sale price on the listing and the product page, and in the order on each line', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 2000, discountPercentage: 0, category: 'sarees' });
    const kurta = await insertProduct(t.db, { price: 1000, discountPercentage: 0, category: 'kurtas' });
    const sale = await promote(boss, { name: 'Diwali Sale', kind: 'percent', value: 20, target: { categories: ['sarees'] } });
    expect(sale).toMatchObject({ code: null, kind: 'percent', value: 20, figures: { uses: 0, revenueRupees: 0, discountRupees: 0 } });

    const page = (await inject('GET', `/api/products/${saree.id}`)).json<Product>();
    expect(page).toMatchObject({ discountedPrice: 2000, salePrice: 1600, sale: { name: 'Diwali Sale', endsAt: sale.endsAt } });
    const list = (await inject('GET', '/api/products?_per_page=10')).json<{ products: Product[] }>().products;
    expect(list.find((p) => p.id === saree.id)).toMatchObject({ salePrice: 1600, sale: { name: 'Diwali Sale' } });
    expect(list.find((p) => p.id === kurta.id)).not.toHaveProperty('salePrice');

    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 2);
    await insertCartLine(t.db, who.user.id, kurta.id, 1);
    const offers = (await inject('GET', '/api/cart/offers', who)).json<CartOffers>();
    expect(offers).toMatchObject({ subtotalRupees: 5000, discountRupees: 800, discounts: [{ name: 'Diwali Sale', code: null, amountRupees: 800 }] });

    // The original client's body: no code field; the sale applies all the same.
    const placed = await place(who);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.totalAmount).toBe(4200);
    expect(order.discounts).toEqual([{ promotionId: sale.id, name: 'Diwali Sale', code: null, kind: 'percent', amountRupees: 800 }]);
    expect(order.items.map((i) => [i.product.id, i.product.discountedPrice, i.discountRupees])).toEqual([
      [saree.id, 2000, 800],
      [kurta.id, 1000, 0],
    ]);
    const [figures] = (await inject('GET', '/api/promotions', boss)).json<{ promotions: Promotion[] }>().promotions;
    expect(figures!.figures).toEqual({ uses: 1, revenueRupees: 4200, discountRupees: 800 });
    const detail = (await inject('GET', `/api/promotions/${sale.id}`, boss)).json<PromotionDetail>();
    expect(detail.days).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), orders: 1, discountRupees: 800, revenueRupees: 4200 }]);
    const dashboard = (await inject('GET', '/api/dashboard', boss)).json<Dashboard>();
    expect(dashboard.promotions).toEqual([{ id: sale.id, name: 'Diwali Sale', code: null, uses: 1, revenueRupees: 4200, discountRupees: 800, days: [{ day: detail.days[0]!.day, orders: 1 }] }]);
  });

  it('a code: the saving at POST /cart/promo-code, on the order, and each refusal in plain words', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 1500, discountPercentage: 0 });
    await promote(boss, { name: 'Welcome', kind: 'fixed', value: 250, code: 'welcome250', minOrderRupees: 2000, perCustomerLimit: 1 });
    await promote(boss, { name: 'Old', kind: 'percent', value: 10, code: 'OLD10', startsAt: '2025-01-01T00:00:00+05:30', endsAt: '2025-02-01T00:00:00+05:30' });
    await promote(boss, { name: 'Soon', kind: 'percent', value: 10, code: 'SOON10', startsAt: '2099-01-01T00:00:00+05:30', endsAt: null });
    await promote(boss, { name: 'First', kind: 'percent', value: 10, code: 'FIRST10', newCustomersOnly: true });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 1);
    const code = (c: string) => inject('POST', '/api/cart/promo-code', who, { code: c });

    expect((await code('NOPE123')).json()).toEqual({ message: 'This code is not valid' });
    expect((await code('NOPE123')).statusCode).toBe(404);
    expect((await code('OLD10')).json()).toEqual({ message: 'This code has expired' });
    expect((await code('SOON10')).json()).toEqual({ message: 'This code is not valid yet' });
    const short = await code('WELCOME250');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ message: 'Add items worth ₹2,000 to use this code' });
    expect(await t.db.select().from(cartPromoCodes)).toEqual([]);

    const more = await insertProduct(t.db, { price: 1500, discountPercentage: 0 });
    await insertCartLine(t.db, who.user.id, more.id, 1);
    const applied = await code(' welcome250 ');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<CartOffers>()).toMatchObject({ code: 'WELCOME250', codeSavingRupees: 250, discountRupees: 250, codeProblem: null });
    const placed = await place(who);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ totalAmount: 2750, discounts: [{ name: 'Welcome', code: 'WELCOME250', amountRupees: 250 }] });
    // The code is spent with the order: the cart is clean, and a second use is refused.
    expect(await t.db.select().from(cartPromoCodes)).toEqual([]);
    await insertCartLine(t.db, who.user.id, saree.id, 1);
    await insertCartLine(t.db, who.user.id, more.id, 1);
    expect((await code('WELCOME250')).json()).toEqual({ message: 'You have already used this code' });
    expect((await code('FIRST10')).json()).toEqual({ message: 'This code is for a first order only' });

    // A code kept with the cart that can no longer be used: a 409 the client recognises, or the order without it.
    await t.db.insert(cartPromoCodes).values({ userId: who.user.id, code: 'WELCOME250' });
    const refused = await place(who);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You have already used this code', code: 'promo_code' });
    const without = await place(who, 'cash', { withoutCode: true });
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json<Order>()).toMatchObject({ totalAmount: 3000, discounts: [] });
  });

  it('buy 2 get the cheapest 50% off repeats per set, free shipping over an amount, and an amount off for paying online', async () => {
    const boss = await shopper(t.db, 'admin');
    await t.db.update(shopSettings).set({ shipping: { ...DEFAULT_SHIPPING_SETTINGS, freeAboveRupees: null, rates: { local: { firstSlabRupees: 60, extraSlabRupees: 0 }, state: { firstSlabRupees: 80, extraSlabRupees: 0 }, metro: { firstSlabRupees: 80, extraSlabRupees: 0 }, rest: { firstSlabRupees: 100, extraSlabRupees: 0 }, remote: { firstSlabRupees: 150, extraSlabRupees: 0 } } } }).where(eq(shopSettings.id, 1));
    const dear = await insertProduct(t.db, { price: 3000, discountPercentage: 0 });
    const cheap = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    await promote(boss, { name: 'Buy 2 get 1 half off', kind: 'buy_x_get_y', buyQuantity: 2, getQuantity: 1, getPercent: 50 });
    await promote(boss, { name: 'Free shipping over ₹5,000', kind: 'free_shipping', minOrderRupees: 5000 });
    await promote(boss, { name: 'Pay online', kind: 'prepaid', value: 100 });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, dear.id, 4);
    await insertCartLine(t.db, who.user.id, cheap.id, 2);
    const offers = (await inject('GET', '/api/cart/offers', who)).json<CartOffers>();
    // 6 pieces = 2 sets; the two cheapest (₹1,000 each) at half: ₹1,000 off, shared over the six pieces by value.
    expect(offers).toMatchObject({ subtotalRupees: 14000, discountRupees: 1000, freeShipping: true, payOnlineRupees: 100 });
    expect(offers.items.map((i) => i.discountRupees)).toEqual([857.14, 142.86]);
    const started = await place(who, 'card');
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json<PaymentInitiation>();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(order).toMatchObject({ discountPaise: 110_000, shippingPaise: 0, totalAmountPaise: 1_290_000 });
    expect(order!.discounts!.map((d) => [d.name, d.amountPaise])).toEqual([
      ['Buy 2 get 1 half off', 100_000],
      ['Pay online', 10_000],
      // The local zone's ₹60 (the shop and 400050 are both in Mumbai), waived.
      ['Free shipping over ₹5,000', 6_000],
    ]);
  });

  it('stacking: priority decides the order, an exclusive promotion stands alone (vendure#3585)', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 2000, discountPercentage: 0 });
    await promote(boss, { name: 'Sale', kind: 'percent', value: 10, priority: 1 });
    await promote(boss, { name: 'Clearance', kind: 'percent', value: 30, priority: 5, exclusive: true, target: { productIds: [saree.id] } });
    await promote(boss, { name: 'Code', kind: 'fixed', value: 100, code: 'EXTRA100' });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 1);
    const blocked = await inject('POST', '/api/cart/promo-code', who, { code: 'EXTRA100' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: 'This code cannot be combined with the offers already in your cart' });
    const offers = (await inject('GET', '/api/cart/offers', who)).json<CartOffers>();
    expect(offers.discounts.map((d) => [d.name, d.amountRupees])).toEqual([['Clearance', 600]]);
  });

  it('a sale begins at midnight IST exactly and ends at its end', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    await promote(boss, { name: 'Republic Day', kind: 'percent', value: 26, startsAt: '2027-01-26T00:00:00+05:30', endsAt: '2027-01-27T00:00:00+05:30' });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 1);
    const at = async (iso: string) => (await cartOffers(t.db, who.user.id, null, undefined, new Date(iso))).discountRupees;
    expect(await at('2027-01-25T18:29:59.999Z')).toBe(0);
    expect(await at('2027-01-25T18:30:00.000Z')).toBe(260);
    expect(await at('2027-01-26T18:29:59.999Z')).toBe(260);
    expect(await at('2027-01-26T18:30:00.000Z')).toBe(0);
    // The product pages' sale, from memory: the same boundaries, whatever was worked out before them.
    const cache = new ProductCache();
    cache.setLive(true);
    const sale = async (iso: string) => (await saleBook(t.db, cache, new Date(iso)))?.({ id: saree.id, category: 'sarees', brand: saree.brand, unitPaise: 100_000 }) ?? null;
    expect(await sale('2027-01-25T18:29:59.999Z')).toBeNull();
    expect(await sale('2027-01-25T18:30:00.000Z')).toEqual({ salePaise: 74_000, sale: { name: 'Republic Day', endsAt: '2027-01-26T18:30:00.000Z' } });
    expect(await sale('2027-01-26T18:30:00.000Z')).toBeNull();
  });

  it('the GST invoice prints each line’s discount, and its rate is decided on the price after it (CGST Act s.15(3)(a))', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 2800, discountPercentage: 0, title: 'Paithani Silk' });
    await promote(boss, { name: 'Navratri', kind: 'percent', value: 20 });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 1);
    const order = (await place(who)).json<Order>();
    expect(order.totalAmount).toBe(2240);
    expect(order.discounts).toMatchObject([{ name: 'Navratri', code: null, amountRupees: 560 }]);
    const [doc] = await t.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    const line = (doc!.document as TaxDocument).lines[0]!;
    // ₹2,240 a piece after the discount: the garment rate at or below ₹2,500 (5 %), not the 18 % of ₹2,800.
    expect(line).toMatchObject({ unitPricePaise: 280_000, discountPaise: 56_000, amountPaise: 224_000, taxablePaise: 213_333, ratePercent: 5 });
    const pdf = await inject('GET', `/api/orders/${order.id}/invoice`, who);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('2,800.00');
    expect(text).toContain('560.00');
    expect(text).toContain('2,133.33');
    expect(text).toContain('5%');
    // Cancelled, the credit note gives back what was paid for the line, not its list price.
    const cancelled = await inject('PATCH', `/api/orders/${order.id}`, boss, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = await t.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'credit_note')));
    expect((note!.document as TaxDocument).totals.totalPaise).toBe(224_000);
  });

  it('a returned piece of a discounted line gives back what was paid for it, not its list price', async () => {
    const boss = await shopper(t.db, 'admin');
    const saree = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    await promote(boss, { name: 'Wedding Season', kind: 'fixed', value: 300, appliesTo: 'order' });
    const who = await shopper(t.db);
    await insertCartLine(t.db, who.user.id, saree.id, 3);
    const order = (await place(who)).json<Order>();
    expect(order.totalAmount).toBe(2700);
    await inject('POST', `/api/orders/${order.id}/shipments`, boss, { courier: 'manual', courierName: 'Delhivery', awb: 'PROMO1234567' });
    expect((await inject('PATCH', `/api/orders/${order.id}`, boss, { status: 'delivered' })).statusCode).toBe(200);
    const asked = await inject('POST', `/api/orders/${order.id}/returns`, who, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size' }], refundTo: { upi: 'asha@okaxis' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<{ id: number }>().id;
    expect((await inject('PATCH', `/api/returns/${id}`, boss, { status: 'approved' })).statusCode).toBe(200);
    const received = await inject('PATCH', `/api/returns/${id}`, boss, { status: 'received', accept: true, restock: true });
    expect(received.statusCode, received.body).toBe(200);
    // ₹3,000 less ₹300 over three pieces: each was paid ₹900.
    expect(received.json()).toMatchObject({ refundAmount: 900, refund: { amount: 900 }, creditNote: { total: 900 } });
  });

  it('the owner’s API: validation, a code unique across promotions, switched off, a used one kept, batches of single-use codes as CSV', async () => {
    const boss = await shopper(t.db, 'admin');
    const bad = await inject('POST', '/api/promotions', boss, { name: 'X sale', kind: 'buy_x_get_y' });
    expect(bad.statusCode).toBe(400);
    const late = await inject('POST', '/api/promotions', boss, { name: 'Backwards', kind: 'percent', value: 10, startsAt: '2026-12-01T00:00:00+05:30', endsAt: '2026-11-01T00:00:00+05:30' });
    expect(late.json()).toMatchObject({ message: 'It must end after it starts' });
    const p = await promote(boss, { name: 'Influencer', kind: 'percent', value: 15, code: 'ASHA15' });
    expect((await inject('POST', '/api/promotions', boss, { name: 'Again', kind: 'percent', value: 5, code: 'asha15' })).statusCode).toBe(409);
    const made = await inject('POST', `/api/promotions/${p.id}/codes`, boss, { count: 25, prefix: 'asha' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ created: 25, batchCodes: 25 });
    const csv = await inject('GET', `/api/promotions/${p.id}/codes.csv`, boss);
    const codes = csv.body.split('\n').filter((l) => /^ASHA/.test(l)).map((l) => l.split(',')[0]!);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);

    // A batch code is single-use: the first order spends it, the next shopper is told.
    const saree = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    const [a, b] = [await shopper(t.db), await shopper(t.db)];
    for (const w of [a, b]) await insertCartLine(t.db, w.user.id, saree.id, 1);
    expect((await inject('POST', '/api/cart/promo-code', a, { code: codes[0] })).statusCode).toBe(200);
    expect((await inject('POST', '/api/cart/promo-code', b, { code: codes[0] })).statusCode).toBe(200);
    expect((await place(a)).json<Order>().totalAmount).toBe(850);
    const second = await place(b);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'This code has been used up', code: 'promo_code' });
    expect((await inject('GET', `/api/promotions/${p.id}/codes.csv`, boss)).body).toContain(`${codes[0]},yes,`);

    const off = await inject('PATCH', `/api/promotions/${p.id}`, boss, { enabled: false });
    expect(off.json<Promotion>()).toMatchObject({ enabled: false, code: 'ASHA15' });
    expect((await inject('POST', '/api/cart/promo-code', b, { code: 'ASHA15' })).json()).toEqual({ message: 'This code is not valid' });
    const kept = await inject('DELETE', `/api/promotions/${p.id}`, boss);
    expect(kept.statusCode).toBe(409);
    const unused = await promote(boss, { name: 'Unused', kind: 'free_shipping' });
    expect((await inject('DELETE', `/api/promotions/${unused.id}`, boss)).statusCode).toBe(204);
    expect((await inject('GET', `/api/promotions/${unused.id}`, boss)).statusCode).toBe(404);
  });
});

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('limits under a race, on two server processes', () => {
    let hosts: TwoHosts;
    beforeAll(async () => {
      hosts = await twoHostsOnPostgres('promotion-race');
    }, 120_000);
    afterAll(() => hosts?.close());

    const call = (i: number, method: string, path: string, who: Who, body?: object) =>
      fetch(`${hosts.servers[i % 2]!.url}${path}`, { method, headers: { cookie: who.cookie, 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });

    it('a code with 10 uses left and 50 shoppers at once: exactly 10 orders get it; the rest a 409, or the order without it as they chose', async () => {
      const d = hosts.database.db;
      const boss = await shopper(d, 'admin');
      const saree = await insertProduct(d, { price: 1000, discountPercentage: 0, stock: 1000 });
      const made = await call(0, 'POST', '/api/promotions', boss, { name: 'Flash', kind: 'fixed', value: 100, code: 'FLASH100', usageLimit: 12, startsAt: YESTERDAY });
      const promotion = (await made.json()) as Promotion;
      // Two used already: 10 left.
      await d.update(promotions).set({ usedCount: 2 }).where(eq(promotions.id, promotion.id));
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(d)));
      for (const [i, w] of shoppers.entries()) {
        await insertCartLine(d, w.user.id, saree.id, 1);
        expect((await call(i, 'POST', '/api/cart/promo-code', w, { code: 'FLASH100' })).status).toBe(200);
      }
      const results = await Promise.all(
        shoppers.map((w, i) => call(i, 'POST', '/api/orders', w, orderPayload('cash', i % 2 ? { withoutCode: true } : {})).then(async (r) => ({ status: r.status, body: (await r.json()) as Order & { code?: string } }))),
      );
      const discounted = results.filter((r) => r.status === 201 && r.body.totalAmount === 900);
      const without = results.filter((r) => r.status === 201 && r.body.totalAmount === 1000);
      const refused = results.filter((r) => r.status === 409);
      expect(discounted).toHaveLength(10);
      expect(refused.every((r) => r.body.code === 'promo_code')).toBe(true);
      expect(discounted.length + without.length + refused.length).toBe(50);
      expect(without.length).toBe(50 - 10 - refused.length);
      const [row] = await d.select().from(promotions).where(eq(promotions.id, promotion.id));
      expect(row).toMatchObject({ usedCount: 12, usedPaise: 100_000 });
      expect(await d.select().from(promotionUses).where(eq(promotionUses.promotionId, promotion.id))).toHaveLength(10);
    });

    it('a budget in rupees is never overspent, and one shopper’s limit holds with two checkouts at once', async () => {
      const d = hosts.database.db;
      const boss = await shopper(d, 'admin');
      const saree = await insertProduct(d, { price: 1000, discountPercentage: 0, stock: 1000, category: 'budget-sarees' });
      const made = await call(0, 'POST', '/api/promotions', boss, { name: 'Budgeted', kind: 'fixed', value: 150, budgetRupees: 1000, perCustomerLimit: 1, target: { categories: ['budget-sarees'] }, startsAt: YESTERDAY });
      const promotion = (await made.json()) as Promotion;
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper(d)));
      for (const w of shoppers) await insertCartLine(d, w.user.id, saree.id, 1);
      const results = await Promise.all(shoppers.map((w, i) => call(i, 'POST', '/api/orders', w, orderPayload('cash')).then(async (r) => ({ status: r.status, body: (await r.json()) as Order }))));
      expect(results.every((r) => r.status === 201)).toBe(true);
      // ₹150 each within ₹1,000: six orders (₹900); a seventh would spend ₹1,050.
      expect(results.filter((r) => r.body.totalAmount === 850)).toHaveLength(6);
      const [row] = await d.select().from(promotions).where(eq(promotions.id, promotion.id));
      expect(row!.usedPaise).toBe(90_000);

      // One shopper, two carts' worth at once on two processes: at most one use.
      const again = await call(0, 'PATCH', `/api/promotions/${promotion.id}`, boss, { budgetRupees: null });
      expect(again.status).toBe(200);
      const one = await shopper(d);
      const other = await insertProduct(d, { price: 500, discountPercentage: 0, stock: 1000, category: 'budget-sarees' });
      await insertCartLine(d, one.user.id, saree.id, 1);
      await insertCartLine(d, one.user.id, other.id, 1);
      await Promise.all([0, 1].map((i) => call(i, 'POST', '/api/orders', one, orderPayload('cash'))));
      expect(await d.select().from(promotionUses).where(and(eq(promotionUses.promotionId, promotion.id), eq(promotionUses.userId, one.user.id)))).toHaveLength(1);
    });
  });
