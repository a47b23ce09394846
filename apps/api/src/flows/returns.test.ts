import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_RETURN_RULES,
  type Dashboard,
  type Order,
  type OrderReturns,
  type PaymentInitiation,
  type Product,
  type Refund,
  type ReturnRequest,
  type ReturnRules,
} from '@shop/shared';
import { mailTestApp } from '../../test/smtp.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../../test/commerce.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { twoHostsOnPostgres, type TwoHosts } from '../../test/security/servers.ts';
import { hmacHex, testProviderSecrets } from '../modules/payments/providers.ts';
import { taxDocuments } from '../modules/invoices/invoices.table.ts';
import type { TaxDocument } from '../modules/invoices/document.ts';
import { orders, orderStatusHistory } from '../modules/orders/orders.table.ts';
import { products, productVariants } from '../modules/products/products.table.ts';
import { refunds, returns } from '../modules/returns/returns.table.ts';
import { shopSettings } from '../modules/settings/settings.table.ts';

const ctx = mailTestApp();
const db = () => ctx.t.db;
type Who = Awaited<ReturnType<typeof shopper>>;

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: Who, payload?: object) =>
  ctx.t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

async function setRules(rules: Partial<ReturnRules> = {}) {
  await db().update(shopSettings).set({ returns: { ...DEFAULT_RETURN_RULES, ...rules } }).where(eq(shopSettings.id, 1));
}

/** A shipped-by-hand and delivered order, as staff do it. */
async function deliver(boss: Who, id: number) {
  const booked = await inject('POST', `/api/orders/${id}/shipments`, boss, { courier: 'manual', courierName: 'Delhivery', awb: `DLV${id}${randomBytes(3).toString('hex')}` });
  expect(booked.statusCode, booked.body).toBe(201);
  const done = await inject('PATCH', `/api/orders/${id}`, boss, { status: 'delivered' });
  expect(done.statusCode, done.body).toBe(200);
}

/** A delivered cash order of `quantity` × a ₹1,000 saree (GST included, no discount). */
async function deliveredCashOrder(opts: { quantity?: number; category?: string } = {}) {
  const boss = await shopper(db(), 'admin');
  const who = await shopper(db());
  const product = await insertProduct(db(), { price: 1000, discountPercentage: 0, stock: 10, ...(opts.category && { category: opts.category }) });
  await insertCartLine(db(), who.user.id, product.id, opts.quantity ?? 2);
  const placed = await inject('POST', '/api/orders', who, orderPayload('cash'));
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  await deliver(boss, order.id);
  return { boss, who, product, order };
}

/** A card order paid through the built-in test provider, as the browser's checkout does it. */
async function paidCardOrder(quantity = 1) {
  const boss = await shopper(db(), 'admin');
  const who = await shopper(db());
  const product = await insertProduct(db(), { price: 1500, discountPercentage: 0, stock: 10 });
  await insertCartLine(db(), who.user.id, product.id, quantity);
  const started = await inject('POST', '/api/payment/initiate', who, orderPayload('card'));
  expect(started.statusCode, started.body).toBe(201);
  const payment = started.json<PaymentInitiation>();
  const signed = await inject('POST', '/api/payment/test-sign', who, { order_id: payment.paymentId });
  const paid = await inject('POST', '/api/payment/verify', undefined, signed.json());
  expect(paid.statusCode, paid.body).toBe(200);
  return { boss, who, product, order: paid.json<Order>(), payment };
}

async function photo(who: Who): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa2233' } }).png().toBuffer();
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tear.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.t.app.inject({ method: 'POST', url: '/api/returns/photos', headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

const ask = (who: Who, orderId: number, body: object) => inject('POST', `/api/orders/${orderId}/returns`, who, body);
const step = (boss: Who, id: number, body: object) => inject('PATCH', `/api/returns/${id}`, boss, body);
const UPI = { upi: 'asha.rao@okaxis' };

async function creditNotes(orderId: number): Promise<TaxDocument[]> {
  const rows = await db().select({ document: taxDocuments.document }).from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
  return rows.map((r) => r.document);
}

async function invoice(orderId: number): Promise<TaxDocument> {
  const [row] = await db().select({ document: taxDocuments.document }).from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row!.document;
}

const refundRows = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));

describe('a return, from the request to the refund', () => {
  it('walks a cash order’s damaged saree: photo, approve with pickup, receive, credit note, transfer paid', async () => {
    await setRules();
    const { boss, who, order } = await deliveredCashOrder({ quantity: 2 });
    const url = await photo(who);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);

    const asked = await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'damaged', photos: [url] }], refundTo: UPI });
    expect(asked.statusCode, asked.body).toBe(201);
    const r = asked.json<ReturnRequest>();
    expect(r).toMatchObject({ status: 'requested', refundAmount: 1000, items: [{ quantity: 1, reason: 'damaged', photos: [url] }] });
    // The shopper sees their own UPI ID masked; staff see it whole, to pay it.
    expect(r.refundTo).toEqual({ upi: 'as***@okaxis' });
    await ctx.smtp.waitForMail((m) => m.to.includes(who.user.email) && m.subject.includes(`Return #${r.id}`));

    const approved = await step(boss, r.id, { status: 'approved', pickup: { courierName: 'Delhivery', awb: 'RVP12345678' } });
    expect(approved.json<ReturnRequest>()).toMatchObject({ status: 'approved', pickup: { awb: 'RVP12345678' }, refundTo: UPI });
    const stockBefore = (await db().select({ stock: products.stock }).from(products).where(eq(products.id, order.items[0]!.product.id)))[0]!.stock;

    const received = await step(boss, r.id, { status: 'received', accept: true, restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const got = received.json<ReturnRequest>();
    expect(got).toMatchObject({ status: 'received', restocked: true, refundAmount: 1000, refund: { method: 'transfer', status: 'pending', amount: 1000 } });
    expect((await db().select({ stock: products.stock }).from(products).where(eq(products.id, order.items[0]!.product.id)))[0]!.stock).toBe(stockBefore + 1);

    // The credit note names the invoice and credits one of the two at the invoice's own tax.
    const [note] = await creditNotes(order.id);
    const sold = await invoice(order.id);
    expect(note).toMatchObject({ kind: 'credit_note', against: { number: sold.number }, totals: { totalPaise: 100000 } });
    expect(note!.lines).toHaveLength(1);
    expect(note!.lines[0]!.quantity).toBe(1);
    expect(note!.lines[0]!.taxablePaise * 2).toBeCloseTo(sold.lines[0]!.taxablePaise, -1);
    expect(got.creditNote?.number).toBe(note!.number);
    const pdf = await inject('GET', `/api/orders/${order.id}/credit-notes/${got.creditNote!.id}`, who);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(who.user.email) && m.subject.includes('received'));
    expect(mail.raw).toContain('application/pdf');

    // Staff cannot mark money paid; the owner does, with the transfer's reference.
    const clerk = await shopper(db(), 'staff');
    expect((await step(clerk, r.id, { status: 'refunded', reference: 'UPI-4455667788' })).statusCode).toBe(403);
    const paid = await step(boss, r.id, { status: 'refunded', reference: 'UPI-4455667788' });
    expect(paid.json<ReturnRequest>()).toMatchObject({ status: 'refunded', refund: { status: 'processed', reference: 'UPI-4455667788' } });
    const view = (await inject('GET', `/api/orders/${order.id}/returns`, who)).json<OrderReturns>();
    expect(view.returns[0]!.events.map((e) => e.status)).toEqual(['requested', 'approved', 'received', 'refunded']);
    expect(view.creditNotes).toHaveLength(1);
    // Money adds up: paid = refunded + kept.
    expect(view.refunds.reduce((s, f) => s + f.amountPaise, 0) + 100000).toBe(Math.round(order.totalAmount * 100));
  });

  it('refunds a card order through the provider once, however often it is asked', async () => {
    await setRules();
    const { boss, who, order } = await paidCardOrder(2);
    await deliver(boss, order.id);
    const r = (await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 2, reason: 'size' }] })).json<ReturnRequest>();
    expect(r.refundTo).toBeNull();
    await step(boss, r.id, { status: 'approved' });
    const [first, second] = await Promise.all([
      step(boss, r.id, { status: 'received', accept: true, restock: true }),
      step(boss, r.id, { status: 'received', accept: true, restock: true }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = (await inject('GET', `/api/returns/${r.id}`, boss)).json<ReturnRequest>();
    expect(done).toMatchObject({ status: 'refunded', refund: { method: 'original', status: 'processed', amount: 3000 } });
    expect(done.refund!.reference).toMatch(/^rfnd_test_/);
    const rows = await refundRows(order.id);
    expect(rows).toHaveLength(1);
    expect(await creditNotes(order.id)).toHaveLength(1);
    // A cancelled-order refund on top would pay twice: refused.
    expect((await inject('POST', `/api/orders/${order.id}/refunds`, boss, {})).statusCode).toBe(409);
  });
});

describe('an exchange for another size', () => {
  const RED = '#aa2233';
  async function kurti(boss: Who, prices: { M: number | null; L: number | null } = { M: null, L: null }): Promise<Product> {
    const res = await inject('POST', '/api/products', boss, {
      title: 'Block Print Kurti',
      description: 'Hand block printed cotton.',
      brand: 'Sanganer Prints',
      category: 'Kurtis',
      price: 1499,
      discountPercentage: 0,
      highlights: ['Pure cotton'],
      thumbnail: 'https://example.com/kurti.webp',
      images: ['https://example.com/kurti.webp'],
      variants: [
        { color: RED, size: 'M', sku: null, price: prices.M, stock: 2 },
        { color: RED, size: 'L', sku: null, price: prices.L, stock: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Product>();
  }
  const variantStock = async (id: number) => (await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

  async function boughtM(prices?: { M: number | null; L: number | null }) {
    await setRules();
    const boss = await shopper(db(), 'admin');
    const who = await shopper(db());
    const p = await kurti(boss, prices);
    const add = await inject('POST', '/api/cart', who, { product: p.id, quantity: 1, color: RED, size: 38 });
    expect(add.statusCode, add.body).toBe(201);
    const order = (await inject('POST', '/api/orders', who, orderPayload('cash'))).json<Order>();
    await deliver(boss, order.id);
    const m = p.variants.find((v) => v.size === 'M')!;
    const l = p.variants.find((v) => v.size === 'L')!;
    return { boss, who, p, order, m, l };
  }

  it('holds the new size on approval, ships it as a new order and restocks the old one on receipt', async () => {
    const { boss, who, order, m, l } = await boughtM();
    expect(order.items[0]!.variant?.size).toBe('M');
    const r = (await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size', exchange: { color: RED, size: 'L' } }] })).json<ReturnRequest>();
    expect(r.items[0]!.exchange).toMatchObject({ size: 'L', variantId: l.id });
    expect(await variantStock(l.id)).toBe(1);
    await step(boss, r.id, { status: 'approved' });
    // Held: the last L cannot be sold to anyone else now.
    expect(await variantStock(l.id)).toBe(0);
    const mBefore = await variantStock(m.id);
    const got = (await step(boss, r.id, { status: 'received', accept: true, restock: true })).json<ReturnRequest>();
    expect(got).toMatchObject({ status: 'closed', refundAmount: 0, collectAmount: 0, refund: null });
    expect(await variantStock(m.id)).toBe(mBefore + 1);
    expect(await variantStock(l.id)).toBe(0);
    const swap = (await inject('GET', `/api/orders/${got.exchangeOrderId}`, boss)).json<Order>();
    expect(swap).toMatchObject({ exchangeOf: r.id, totalAmount: 0, exchangeCredit: 1499, stage: 'confirmed' });
    expect(swap.items[0]!.variant).toMatchObject({ id: l.id, size: 'L' });
    // The exchange's own invoice, and a credit note for the returned M.
    expect((await invoice(swap.id)).totals.totalPaise).toBe(149900);
    expect((await creditNotes(order.id))[0]!.totals.totalPaise).toBe(149900);
  });

  it('collects a dearer size’s difference on delivery, and refuses a size that is sold out', async () => {
    const { boss, who, order, l } = await boughtM({ M: null, L: 1699 });
    const r = (await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size', exchange: { color: RED, size: 'L' } }] })).json<ReturnRequest>();
    await step(boss, r.id, { status: 'approved' });
    const got = (await step(boss, r.id, { status: 'received', accept: true, restock: true })).json<ReturnRequest>();
    expect(got).toMatchObject({ status: 'closed', collectAmount: 200 });
    const swap = (await inject('GET', `/api/orders/${got.exchangeOrderId}`, boss)).json<Order>();
    expect(swap).toMatchObject({ paymentMethod: 'cash', totalAmount: 200, exchangeCredit: 1499 });
    expect(await variantStock(l.id)).toBe(0);

    // Another shopper wants L now: sold out, and nothing is written.
    const second = await boughtM();
    const before = await db().select().from(returns);
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, second.l.id));
    const refused = await ask(second.who, second.order.id, { items: [{ itemId: second.order.items[0]!.id, quantity: 1, reason: 'size', exchange: { color: RED, size: 'L' } }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('sold out');
    expect(await db().select().from(returns)).toHaveLength(before.length);
  });
});

describe('a cancelled order paid online', () => {
  it('is refunded through the provider, in part and then the rest, never beyond what was paid', async () => {
    const { boss, order } = await paidCardOrder(1);
    expect((await inject('POST', `/api/orders/${order.id}/refunds`, boss, {})).json().message).toContain('cancelled');
    expect((await inject('PATCH', `/api/orders/${order.id}`, boss, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await inject('POST', `/api/orders/${order.id}/refunds`, boss, { amount: 1500.01 })).statusCode).toBe(409);
    const part = await inject('POST', `/api/orders/${order.id}/refunds`, boss, { amount: 500 });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<Refund>()).toMatchObject({ amount: 500, status: 'processed', method: 'original' });
    const rest = await inject('POST', `/api/orders/${order.id}/refunds`, boss, {});
    expect(rest.json<Refund>()).toMatchObject({ amount: 1000, status: 'processed' });
    const again = await inject('POST', `/api/orders/${order.id}/refunds`, boss, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is refunded already');
    const rows = await refundRows(order.id);
    expect(rows.reduce((s, r) => s + r.amountPaise, 0)).toBe(150000);
    // A shopper, and a cash order, cannot be refunded this way.
    const buyer = await shopper(db());
    expect((await inject('POST', `/api/orders/${order.id}/refunds`, buyer, {})).statusCode).toBe(403);
  });
});

describe('a payment that arrives after the shop cancelled its order', () => {
  it('is owed back, and refunded through the same path', async () => {
    const boss = await shopper(db(), 'admin');
    const who = await shopper(db());
    const product = await insertProduct(db(), { price: 900, discountPercentage: 0, stock: 5 });
    await insertCartLine(db(), who.user.id, product.id, 1);
    const first = (await inject('POST', '/api/payment/initiate', who, orderPayload('card'))).json<PaymentInitiation>();
    // A second checkout of the same cart (kept until paid) replaces the first: its order is cancelled, unpaid.
    expect((await inject('POST', '/api/payment/initiate', who, orderPayload('card'))).statusCode).toBe(201);
    const signed = await inject('POST', '/api/payment/test-sign', who, { order_id: first.paymentId });
    const late = await inject('POST', '/api/payment/verify', undefined, signed.json());
    expect(late.statusCode).toBe(409);
    const refund = await inject('POST', `/api/orders/${first.orderId}/refunds`, boss, {});
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json<Refund>()).toMatchObject({ amount: 900, status: 'processed', method: 'original' });
    expect((await inject('POST', `/api/orders/${first.orderId}/refunds`, boss, {})).statusCode).toBe(409);
  });
});

describe('the rules, each refused with nothing changed', () => {
  it('partial returns of a line add up to the line, and a second request for the same item is refused', async () => {
    await setRules();
    const { who, order } = await deliveredCashOrder({ quantity: 3 });
    const itemId = order.items[0]!.id;
    expect((await ask(who, order.id, { items: [{ itemId, quantity: 2, reason: 'colour' }], refundTo: UPI })).statusCode).toBe(201);
    const over = await ask(who, order.id, { items: [{ itemId, quantity: 2, reason: 'colour' }], refundTo: UPI });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('Only 1');
    expect((await ask(who, order.id, { items: [{ itemId, quantity: 1, reason: 'colour' }], refundTo: UPI })).statusCode).toBe(201);
    const twice = await ask(who, order.id, { items: [{ itemId, quantity: 1, reason: 'colour' }], refundTo: UPI });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('asked already');
    expect(await db().select().from(returns)).toHaveLength(2);
  });

  it('credits a line returned in parts to the paisa the invoice charged', async () => {
    await setRules();
    const { boss, who, order } = await deliveredCashOrder({ quantity: 3 });
    const itemId = order.items[0]!.id;
    for (const quantity of [1, 2]) {
      const r = (await ask(who, order.id, { items: [{ itemId, quantity, reason: 'colour' }], refundTo: UPI })).json<ReturnRequest>();
      await step(boss, r.id, { status: 'approved' });
      expect((await step(boss, r.id, { status: 'received', accept: true, restock: true })).statusCode).toBe(200);
    }
    const notes = await creditNotes(order.id);
    const line = (await invoice(order.id)).lines[0]!;
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'amountPaise'] as const)
      expect(notes.reduce((s, n) => s + n.lines[0]![key], 0)).toBe(line[key]);
    // Refunds cannot pass what the shopper paid.
    expect((await refundRows(order.id)).reduce((s, r) => s + r.amountPaise, 0)).toBe(300000);
  });

  it('refuses after the window, before delivery, when the shop takes no returns, a non-returnable category, another’s order, bad input', async () => {
    await setRules({ windowDays: 7, nonReturnableCategories: ['Blouses'] });
    const { who, order } = await deliveredCashOrder();
    const body = { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'changed_mind' }], refundTo: UPI };
    await db().update(orderStatusHistory).set({ at: new Date(Date.now() - 9 * 86_400_000) }).where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'delivered')));
    const late = await ask(who, order.id, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/closed on/);
    await setRules({ windowDays: 0 });
    expect((await ask(who, order.id, body)).json().message).toBe('This shop does not take returns');
    await setRules({ windowDays: 30, nonReturnableCategories: ['blouses'] });
    const blouse = await deliveredCashOrder({ category: 'Blouses' });
    expect((await ask(blouse.who, blouse.order.id, { ...body, items: [{ ...body.items[0], itemId: blouse.order.items[0]!.id }] })).json().message).toContain('cannot be returned');
    // A product the owner marked non-returnable (made to measure), whatever its category.
    const stitched = await deliveredCashOrder();
    await db().update(products).set({ returnable: false }).where(eq(products.id, stitched.product.id));
    expect((await ask(stitched.who, stitched.order.id, { ...body, items: [{ ...body.items[0], itemId: stitched.order.items[0]!.id }] })).json().message).toContain('cannot be returned');
    const view = (await inject('GET', `/api/orders/${stitched.order.id}/returns`, stitched.who)).json<OrderReturns>();
    expect(view.returnable).toEqual([{ itemId: stitched.order.items[0]!.id, quantity: 0, reason: 'non_returnable' }]);
    const other = await shopper(db());
    expect((await ask(other, order.id, body)).statusCode).toBe(404);
    expect((await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'damaged' }], refundTo: UPI })).json().message).toBe('Add a photo of the damage');
    expect((await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size' }] })).json().message).toContain('where to send your refund');
    expect((await ask(who, order.id, { ...body, refundTo: { accountNumber: '12345678901', ifsc: 'SBIN1234567', name: 'Asha' } })).statusCode).toBe(400);
    expect((await ask(who, order.id, { ...body, items: [{ itemId: 999999, quantity: 1, reason: 'size' }] })).statusCode).toBe(400);
    const pending = await shopper(db());
    const product = await insertProduct(db(), { price: 500, discountPercentage: 0 });
    await insertCartLine(db(), pending.user.id, product.id, 1);
    const undelivered = (await inject('POST', '/api/orders', pending, orderPayload('cash'))).json<Order>();
    expect((await ask(pending, undelivered.id, { ...body, items: [{ ...body.items[0], itemId: undelivered.items[0]!.id }] })).json().message).toBe('Only a delivered order can be returned');
    expect(await db().select().from(returns)).toHaveLength(0);
  });

  it('a rejection needs a reason and gives the quantity back; a refusal on inspection restocks nothing', async () => {
    await setRules();
    const { boss, who, order, product } = await deliveredCashOrder({ quantity: 1 });
    const itemId = order.items[0]!.id;
    const r = (await ask(who, order.id, { items: [{ itemId, quantity: 1, reason: 'changed_mind' }], refundTo: UPI })).json<ReturnRequest>();
    expect((await step(boss, r.id, { status: 'rejected' })).statusCode).toBe(400);
    expect((await step(boss, r.id, { status: 'rejected', reason: 'Worn and washed' })).json<ReturnRequest>()).toMatchObject({ status: 'rejected', rejectReason: 'Worn and washed' });
    const rejectedMail = await ctx.smtp.waitForMail((m) => m.to.includes(who.user.email) && m.subject === `Return #${r.id} for order #${order.id}: not accepted`);
    expect(rejectedMail.text).toContain('Worn and washed');
    expect((await step(boss, r.id, { status: 'approved' })).statusCode).toBe(409);
    const again = (await ask(who, order.id, { items: [{ itemId, quantity: 1, reason: 'changed_mind' }], refundTo: UPI })).json<ReturnRequest>();
    await step(boss, again.id, { status: 'approved' });
    await ctx.smtp.waitForMail((m) => m.to.includes(who.user.email) && m.subject === `Return #${again.id} for order #${order.id}: approved`);
    // Approved without a pickup: the shopper sends the parcel and tells the shop its AWB.
    const sent = await inject('POST', `/api/returns/${again.id}/pickup`, who, { courierName: 'India Post', awb: 'EE123456789IN' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ReturnRequest>()).toMatchObject({ status: 'approved', pickup: { courierName: 'India Post', awb: 'EE123456789IN' } });
    expect((await inject('POST', `/api/returns/${again.id}/pickup`, boss, { courierName: 'India Post', awb: 'EE123456789IN' })).statusCode).toBe(404);
    const stock = (await db().select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock;
    const refused = (await step(boss, again.id, { status: 'received', accept: false, reason: 'Blouse piece cut' })).json<ReturnRequest>();
    expect(refused).toMatchObject({ status: 'rejected', rejectReason: 'Blouse piece cut', creditNote: null, refund: null });
    expect((await db().select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(stock);
    expect(await creditNotes(order.id)).toHaveLength(0);
  });
});

describe('a product marked non-returnable', () => {
  it('keeps the owner’s flag through the product API (true unless set)', async () => {
    const boss = await shopper(db(), 'admin');
    const body = {
      title: 'Made-to-measure Blouse',
      description: 'Stitched to your measurements.',
      brand: 'Sanganer Prints',
      category: 'Blouses',
      price: 1200,
      discountPercentage: 0,
      stock: 3,
      colors: ['#aa2233'],
      sizes: [38],
      highlights: ['Stitched to measure'],
      thumbnail: 'https://example.com/blouse.webp',
      images: ['https://example.com/blouse.webp'],
    };
    const made = await inject('POST', '/api/products', boss, { ...body, returnable: false });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Product>().id;
    expect((await inject('GET', `/api/products/${id}`)).json<Product>().returnable).toBe(false);
    expect((await inject('POST', '/api/products', boss, { ...body, returnable: 'no' })).statusCode).toBe(400);
    const plain = (await inject('POST', '/api/products', boss, body)).json<Product>();
    expect(plain.returnable).toBe(true);
  });
});

describe('refund webhooks and the GST report', () => {
  it('settles a refund by the provider’s webhook once; a replay changes nothing and an unknown refund is a 404', async () => {
    await setRules();
    const { boss, who, order } = await paidCardOrder(1);
    await deliver(boss, order.id);
    const r = (await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size' }] })).json<ReturnRequest>();
    await step(boss, r.id, { status: 'approved' });
    // The provider answers "pending" first (Razorpay's optimum speed): the webhook settles it later.
    await step(boss, r.id, { status: 'received', accept: true, restock: true });
    const [row] = await refundRows(order.id);
    await db().update(refunds).set({ status: 'pending', processedAt: null }).where(eq(refunds.id, row!.id));
    await db().update(returns).set({ status: 'received' }).where(eq(returns.id, r.id));
    const { webhookSecret } = await testProviderSecrets(db());
    const send = (event: object, id: string) => {
      const raw = JSON.stringify(event);
      return ctx.t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(webhookSecret, raw), 'x-razorpay-event-id': id },
        payload: raw,
      });
    };
    const processed = { event: 'refund.processed', payload: { refund: { entity: { id: row!.providerRefundId, payment_id: 'pay_x', receipt: row!.receipt } } } };
    expect((await send(processed, 'evt_1')).json()).toMatchObject({ outcome: 'refund' });
    expect((await inject('GET', `/api/returns/${r.id}`, boss)).json<ReturnRequest>().status).toBe('refunded');
    const replay = await send({ ...processed, event: 'refund.failed' }, 'evt_1');
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await refundRows(order.id))[0]!.status).toBe('processed');
    const unknown = await send({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_nobody', receipt: 'nobody' } } } }, 'evt_2');
    expect(unknown.statusCode).toBe(404);
    expect((await send(processed, 'evt_3')).statusCode).toBe(200);
    expect((await refundRows(order.id))).toHaveLength(1);
  });

  it('nets the credit note in its month: invoice total − credit notes is the report’s figure for the order', async () => {
    await setRules();
    const { boss, who, order } = await deliveredCashOrder({ quantity: 2 });
    const r = (await ask(who, order.id, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'colour' }], refundTo: UPI })).json<ReturnRequest>();
    await step(boss, r.id, { status: 'approved' });
    await step(boss, r.id, { status: 'received', accept: true, restock: false });
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const csv = (await inject('GET', `/api/reports/gst?month=${month}`, boss)).body;
    const sold = await invoice(order.id);
    const [note] = await creditNotes(order.id);
    const b2cs = csv.split('\r\n').find((l) => l.startsWith('OE,'))!.split(',');
    expect(Number(b2cs[3])).toBeCloseTo((sold.totals.taxablePaise - note!.totals.taxablePaise) / 100, 2);
    expect(sold.totals.totalPaise - note!.totals.totalPaise).toBe(100000);

    // The dashboard: what came back and why, and the transfer still owed.
    const dash = (await inject('GET', '/api/dashboard', boss)).json<Dashboard>();
    expect(dash.returns).toEqual({
      byReason: [{ reason: 'colour', count: 1 }],
      topProducts: [{ productId: order.items[0]!.product.id, title: order.items[0]!.product.title, returned: 1, sold: 2 }],
      refundsOwed: { count: 1, amount: 1000 },
      open: 1,
    });
  });
});

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('two admins accepting one return at once, on two server processes', () => {
    let hosts: TwoHosts;
    beforeAll(async () => {
      hosts = await twoHostsOnPostgres('return-race');
    }, 120_000);
    afterAll(() => hosts?.close());

    it('issues one credit note and one refund: one 200, the other told it moved on', async () => {
      const { servers, database } = hosts;
      const d = database.db;
      const call = (i: number, method: string, path: string, who: Who, body?: object) =>
        fetch(`${servers[i]!.url}${path}`, { method, headers: { cookie: who.cookie, 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });
      const boss = await shopper(d, 'admin');
      const who = await shopper(d);
      const product = await insertProduct(d, { price: 1000, discountPercentage: 0 });
      await insertCartLine(d, who.user.id, product.id, 1);
      const order = (await (await call(0, 'POST', '/api/orders', who, orderPayload('cash'))).json()) as Order;
      await call(0, 'POST', `/api/orders/${order.id}/shipments`, boss, { courier: 'manual', courierName: 'Delhivery', awb: 'RACE12345678' });
      expect((await call(0, 'PATCH', `/api/orders/${order.id}`, boss, { status: 'delivered' })).status).toBe(200);
      const r = (await (await call(0, 'POST', `/api/orders/${order.id}/returns`, who, { items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size' }], refundTo: UPI })).json()) as ReturnRequest;
      expect((await call(1, 'PATCH', `/api/returns/${r.id}`, boss, { status: 'approved' })).status).toBe(200);
      const [a, b] = await Promise.all([0, 1].map((i) => call(i, 'PATCH', `/api/returns/${r.id}`, boss, { status: 'received', accept: true, restock: true }).then((res) => res.status)));
      expect([a, b].sort()).toEqual([200, 409]);
      expect(await d.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
      expect(await d.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'credit_note')))).toHaveLength(1);
      const [stock] = await d.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
      expect(stock!.stock).toBe(10);
      const [o] = await d.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id));
      expect(o).toBeDefined();
    });
  });
