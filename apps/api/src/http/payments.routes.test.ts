import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminOrderList, Order, OwnerOrderList, PaymentInitiation } from '@shop/shared';
import { buildApp } from '../app.ts';
import { snapshot } from '../../test/security/invariants.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, productStock, shopper } from '../../test/commerce.ts';
import { cartItems } from '../modules/cart/cart.table.ts';
import { products } from '../modules/products/products.table.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { expireReservations } from '../flows/reservations.ts';
import { createRazorpayProvider, createTestProvider } from '../modules/payments/providers.ts';
import { payments } from '../modules/payments/payments.table.ts';

// A provider behind the real interface whose secrets the test knows, so it can sign the Razorpay way.
const KEY_SECRET = 'known-key-secret-for-tests';
const WEBHOOK_SECRET = 'known-webhook-secret-for-tests';
const sign = (orderId: string, paymentId: string) => createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex');
const signBody = (raw: string) => createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');

const known = createTestProvider({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
let providerDown = false;
/** Runs once, while the next provider order is being made: another request can land in that gap. */
let duringCreateOrder: (() => Promise<unknown>) | undefined;
const provider = {
  ...known,
  createOrder: async (input: Parameters<typeof known.createOrder>[0]) => {
    if (providerDown) throw new Error('provider down');
    const meanwhile = duringCreateOrder;
    duringCreateOrder = undefined;
    await meanwhile?.();
    return known.createOrder(input);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { payments: provider });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Shopper = Awaited<ReturnType<typeof shopper>>;

const CHECKOUT_REPLACED = 'A newer checkout of your cart replaced this payment. Please pay for the newer one.';
const PAID_AFTER_CANCEL = 'This order was cancelled before the payment arrived. The payment will be refunded.';

/** A shopper with `quantity` of a fresh product in the cart, and the payment initiated. */
async function initiated(opts: { stock?: number; quantity?: number; price?: number } = {}) {
  const me = await shopper(t.db);
  const product = await insertProduct(t.db, { title: 'Kanjivaram Silk', price: opts.price ?? 1234.5, discountPercentage: 0, stock: opts.stock ?? 5 });
  await insertCartLine(t.db, me.user.id, product.id, opts.quantity ?? 2);
  const res = await initiate(me);
  expect(res.statusCode).toBe(201);
  return { me, product, payment: res.json<PaymentInitiation>() };
}

const initiate = (who: Shopper, payload: object = orderPayload('card')) =>
  t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: who.cookie }, payload });

const verify = (body: Record<string, string>, form = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/verify',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() }
      : { payload: body }),
  });

const testSign = (orderId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/payment/test-sign', headers, payload: { order_id: orderId } });

const signedVerifyBody = (providerOrderId: string, paymentId = 'pay_abc123') => ({
  razorpay_order_id: providerOrderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: sign(providerOrderId, paymentId),
});

const webhook = (event: object, opts: { eventId?: string; signature?: string } = {}) => {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': opts.signature ?? signBody(raw),
      ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
    },
    payload: raw,
  });
};

/** Razorpay's payment.captured for the initiated payment: its provider order and amount in paise. */
const capturedEvent = (payment: Pick<PaymentInitiation, 'paymentId' | 'amount'>, paymentId = 'pay_hook1', currency = 'INR') => ({
  entity: 'event',
  event: 'payment.captured',
  payload: { payment: { entity: { id: paymentId, order_id: payment.paymentId, amount: payment.amount, currency, status: 'captured' } } },
});

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const ownerList = async (who: Shopper) => (await t.app.inject({ url: '/api/orders/owner', headers: { cookie: who.cookie } })).json<OwnerOrderList>();

describe('starting a card payment', () => {
  it('tells the web app which provider and checkout script to use', async () => {
    const res = await t.app.inject('/api/payment/config');
    expect(res.json()).toEqual({ provider: 'test', keyId: 'rzp_test_local', checkoutScriptUrl: '/api/payment/checkout.js', cardPayments: true });
  });

  it('reserves the stock and replies with the provider order, the key id and the amount in paise', async () => {
    const { me, product, payment } = await initiated({ price: 1234.5, quantity: 2, stock: 5 });
    expect(payment).toEqual({ paymentId: expect.stringMatching(/^order_test_/), razorpayID: 'rzp_test_local', orderId: expect.any(Number), amount: 247_000, currency: 'INR' });
    expect(await productStock(t.db, product.id)).toBe(3);
    expect(await orderRow(payment.orderId)).toMatchObject({ paymentMethod: 'card', paymentStatus: 'awaiting', listed: false, status: 'pending', totalAmountPaise: 247_000 });
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(row).toMatchObject({ providerOrderId: payment.paymentId, amountPaise: 247_000, status: 'awaiting', provider: 'test' });
    // The cart stays until the payment succeeds.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, me.user.id))).toHaveLength(1);
  });

  it('hides the order from every list until it is paid', async () => {
    const admin = await shopper(t.db, 'admin');
    const { me } = await initiated();
    expect(await ownerList(me)).toEqual({ orders: [], totalOrders: 0 });
    const adminList = await t.app.inject({ url: '/api/orders/admin', headers: { cookie: admin.cookie } });
    expect(adminList.json<AdminOrderList>()).toEqual({ products: [], totalOrders: 0 });
  });

  it('charges the server price whatever the body claims', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { price: 5000, discountPercentage: 20 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const res = await initiate(me, orderPayload('card', { totalAmount: 1, items: [{ product: { id: p.id, price: 1 }, quantity: 1 }], user: 999 }));
    expect(res.json<PaymentInitiation>().amount).toBe(400_000);
  });

  it('refuses cash, an empty cart and missing stock without reserving anything', async () => {
    const me = await shopper(t.db);
    expect((await initiate(me)).json()).toEqual({ message: 'Your cart is empty' });
    const p = await insertProduct(t.db, { title: 'Gadwal Saree', stock: 1 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    expect((await initiate(me, orderPayload('cash'))).statusCode).toBe(400);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
    const out = await initiate(me);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ message: 'Gadwal Saree is out of stock' });
    expect(await t.db.select().from(orders)).toHaveLength(0);
    expect(await t.db.select().from(payments)).toHaveLength(0);
  });

  it('releases an earlier unpaid attempt when the shopper checks out again', async () => {
    const { me, product, payment: first } = await initiated({ stock: 2, quantity: 2 });
    expect(await productStock(t.db, product.id)).toBe(0);
    const again = await initiate(me);
    expect(again.statusCode).toBe(201);
    expect(await productStock(t.db, product.id)).toBe(0);
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    const [firstPayment] = await t.db.select().from(payments).where(eq(payments.orderId, first.orderId));
    expect(firstPayment?.status).toBe('expired');
  });

  it('opens no payment for an order that a parallel checkout cancelled while its provider order was made', async () => {
    const me = await shopper(t.db);
    const product = await insertProduct(t.db, { stock: 1 });
    await insertCartLine(t.db, me.user.id, product.id, 1);
    let second: Awaited<ReturnType<typeof initiate>> | undefined;
    duringCreateOrder = async () => (second = await initiate(me));
    const first = await initiate(me);
    expect([first.statusCode, first.json()]).toEqual([409, { message: CHECKOUT_REPLACED }]);
    expect(second?.statusCode).toBe(201);
    const live = second!.json<PaymentInitiation>();
    const [replaced] = (await t.db.select().from(orders).where(eq(orders.userId, me.user.id))).filter((o) => o.id !== live.orderId);
    expect(replaced).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, replaced!.id))).toEqual([]);
    expect(await productStock(t.db, product.id)).toBe(0);
  });

  it('undoes the reservation when the provider cannot create its order', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 3 });
    await insertCartLine(t.db, me.user.id, p.id, 2);
    providerDown = true;
    try {
      const res = await initiate(me);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Card payment could not be started. Please try again.' });
    } finally {
      providerDown = false;
    }
    expect(await productStock(t.db, p.id)).toBe(3);
    const [row] = await t.db.select().from(orders);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', listed: false });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, me.user.id))).toHaveLength(1);
  });

  it('returns the same payment for a retried initiation with the same Idempotency-Key', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const headers = { cookie: me.cookie, 'idempotency-key': 'pay-click-1' };
    const a = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers, payload: orderPayload('card') });
    const b = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers, payload: orderPayload('card') });
    expect(b.json()).toEqual(a.json());
    expect(await productStock(t.db, p.id)).toBe(4);
  });
});

describe('verifying a payment', () => {
  it('accepts a signature made the Razorpay way and marks the order paid, listed and out of the cart', async () => {
    const { me, product, payment } = await initiated({ quantity: 2, stock: 5 });
    const res = await verify(signedVerifyBody(payment.paymentId, 'pay_real1'));
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ id: payment.orderId, paymentMethod: 'card', payment: { paymentMethod: 'card', status: 'paid' }, status: 'pending', totalAmount: 2470 });
    expect(await orderRow(payment.orderId)).toMatchObject({ listed: true, reservedUntil: null, paymentStatus: 'paid' });
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: 'pay_real1' });
    expect((await ownerList(me)).orders.map((o) => o.id)).toEqual([payment.orderId]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, me.user.id))).toHaveLength(0);
    expect(await productStock(t.db, product.id)).toBe(3);
  });

  it('refuses a tampered signature with Payment verification failed and leaves the order unpaid', async () => {
    const { me, payment } = await initiated();
    const good = signedVerifyBody(payment.paymentId, 'pay_x');
    for (const tampered of [
      { ...good, razorpay_signature: good.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...good, razorpay_payment_id: 'pay_other' },
      { ...good, razorpay_signature: 'short' },
      { ...good, razorpay_signature: createHmac('sha256', 'wrong-secret').update(`${payment.paymentId}|pay_x`).digest('hex') },
    ]) {
      const res = await verify(tampered);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Payment verification failed' });
    }
    expect(await orderRow(payment.orderId)).toMatchObject({ paymentStatus: 'awaiting', listed: false });
    expect(await ownerList(me)).toEqual({ orders: [], totalOrders: 0 });
  });

  it('answers 400 for a verify body without the three fields', async () => {
    const res = await verify({ razorpay_order_id: 'order_test_x' });
    expect(res.statusCode).toBe(400);
  });

  it('pays exactly once whatever the number of repeated and concurrent verifies and webhooks', async () => {
    const admin = await shopper(t.db, 'admin');
    const { me, product, payment } = await initiated({ quantity: 1, stock: 5 });
    const first = await verify(signedVerifyBody(payment.paymentId, 'pay_once'));
    const before = await orderRow(payment.orderId);
    // Later attempts carry other (validly signed) payment ids: none may replace the first.
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => verify(signedVerifyBody(payment.paymentId, `pay_again_${i}`))),
      ...Array.from({ length: 4 }, (_, i) => webhook(capturedEvent(payment, `pay_hook_${i}`), { eventId: `evt_${i}` })),
    ]);
    expect([first, ...replies].map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    expect(replies.slice(6).map((r) => r.json<{ outcome: string }>().outcome)).toEqual(Array(4).fill('already-paid'));
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(rows).toEqual([expect.objectContaining({ status: 'paid', providerPaymentId: 'pay_once' })]);
    expect((await orderRow(payment.orderId)).updatedAt).toEqual(before.updatedAt);
    expect((await ownerList(me)).totalOrders).toBe(1);
    expect(await productStock(t.db, product.id)).toBe(4);
    const ownerMails = await t.db.execute(sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'to' = ${admin.user.email}`);
    expect((ownerMails as unknown as { rows: { subject: string }[] }).rows).toEqual([
      { subject: `New order #${payment.orderId}: ₹1,235, Card / UPI (paid)` },
    ]);
  });

  it('settles once when the very first verify and webhook arrive together', async () => {
    const { me, payment } = await initiated();
    const replies = await Promise.all([
      verify(signedVerifyBody(payment.paymentId, 'pay_v1')),
      webhook(capturedEvent(payment, 'pay_w'), { eventId: 'evt_race' }),
      verify(signedVerifyBody(payment.paymentId, 'pay_v2')),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await ownerList(me)).orders).toHaveLength(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(['pay_v1', 'pay_w', 'pay_v2']).toContain(row?.providerPaymentId);
    expect(row?.status).toBe('paid');
  });

  it('redirects a form post to the order-success page', async () => {
    const { payment } = await initiated();
    const res = await verify(signedVerifyBody(payment.paymentId), true);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/order-success/${payment.orderId}`);
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('paid');
  });

  it('answers 404 for a correctly signed but unknown provider order', async () => {
    const res = await verify(signedVerifyBody('order_test_unknown'));
    expect(res.statusCode).toBe(404);
  });
});

describe('a payment on a cancelled order', () => {
  /** A payment whose order the shopper's next checkout cancelled, and that next checkout's payment. */
  async function replaced() {
    const { me, product, payment } = await initiated({ stock: 2, quantity: 2 });
    const next = await initiate(me);
    expect(next.statusCode).toBe(201);
    return { me, product, payment, next: next.json<PaymentInitiation>() };
  }

  async function expectRefundDue(orderId: number, providerPaymentId: string) {
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', listed: false });
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toEqual([expect.objectContaining({ status: 'refund_due', providerPaymentId })]);
  }

  it('refuses a verify with 409, leaves the order cancelled and unpaid, and records the payment as owed back', async () => {
    const { me, product, payment, next } = await replaced();
    const res = await verify(signedVerifyBody(payment.paymentId, 'pay_late'));
    expect([res.statusCode, res.json()]).toEqual([409, { message: PAID_AFTER_CANCEL }]);
    await expectRefundDue(payment.orderId, 'pay_late');
    // The unit stays with the live checkout; a repeated verify changes nothing.
    expect(await productStock(t.db, product.id)).toBe(0);
    expect((await verify(signedVerifyBody(payment.paymentId, 'pay_late'))).statusCode).toBe(409);
    await expectRefundDue(payment.orderId, 'pay_late');
    expect((await orderRow(next.orderId)).paymentStatus).toBe('awaiting');
    expect(await ownerList(me)).toEqual({ orders: [], totalOrders: 0 });
    expect((await verify(signedVerifyBody(next.paymentId))).json<Order>().payment.status).toBe('paid');
  });

  it('refuses the webhook with 409 alike, and answers its redelivery as a duplicate', async () => {
    const { product, payment } = await replaced();
    const res = await webhook(capturedEvent(payment, 'pay_hook_late'), { eventId: 'evt_late' });
    expect([res.statusCode, res.json()]).toEqual([409, { message: PAID_AFTER_CANCEL }]);
    await expectRefundDue(payment.orderId, 'pay_hook_late');
    expect((await webhook(capturedEvent(payment, 'pay_hook_late'), { eventId: 'evt_late' })).json()).toEqual({ ok: true, outcome: 'duplicate' });
    await expectRefundDue(payment.orderId, 'pay_hook_late');
    expect(await productStock(t.db, product.id)).toBe(0);
  });
});

describe('the payment webhook', () => {
  it('marks the order paid on payment.captured with a valid signature over the raw body', async () => {
    const { me, payment } = await initiated();
    const res = await webhook(capturedEvent(payment), { eventId: 'evt_1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'settled' });
    expect((await ownerList(me)).orders.map((o) => o.payment.status)).toEqual(['paid']);
  });

  it('marks the order paid on order.paid, de-duplicating by the id in the payload when there is no header', async () => {
    const { payment } = await initiated();
    const event = {
      id: 'evt_payload_1',
      event: 'order.paid',
      payload: { order: { entity: { id: payment.paymentId, amount_paid: payment.amount, currency: 'INR' } }, payment: { entity: { id: 'pay_op', order_id: payment.paymentId } } },
    };
    expect((await webhook(event)).json()).toEqual({ ok: true, outcome: 'settled' });
    expect((await webhook(event)).json()).toEqual({ ok: true, outcome: 'duplicate' });
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('paid');
  });

  it('refuses a bad signature and leaves the order unpaid', async () => {
    const { payment } = await initiated();
    const raw = JSON.stringify(capturedEvent(payment));
    const forged = await webhook(capturedEvent(payment), { signature: createHmac('sha256', 'guess').update(raw).digest('hex') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid webhook signature' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(unsigned.statusCode).toBe(400);
    // The same JSON re-serialised with other spacing is other bytes: the signature no longer fits.
    const respaced = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signBody(raw) },
      payload: JSON.stringify(capturedEvent(payment), null, 2),
    });
    expect(respaced.statusCode).toBe(400);
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('awaiting');
  });

  it('settles only for the order\'s own amount and currency: 1 paisa, dollars or no amount leave it unpaid', async () => {
    // ₹1,234.05 sells at a whole ₹1,234 (issue 15).
    const { payment } = await initiated({ price: 1234.05, quantity: 1 });
    expect(payment.amount).toBe(123_400);
    const oneRupee = capturedEvent({ ...payment, amount: 1 });
    const dollars = capturedEvent(payment, 'pay_usd', 'USD');
    const orderPaidWithoutAmount = { event: 'order.paid', payload: { order: { entity: { id: payment.paymentId } } } };
    for (const [i, event] of [oneRupee, dollars, orderPaidWithoutAmount].entries()) {
      const res = await webhook(event, { eventId: `evt_forged_${i}` });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Payment amount does not match the order' }]);
    }
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('awaiting');
    // The refused events were not recorded: the real one with the same id still pays.
    expect((await webhook(capturedEvent(payment), { eventId: 'evt_forged_0' })).json()).toEqual({ ok: true, outcome: 'settled' });
  });

  it('ignores a duplicate event id', async () => {
    const { payment } = await initiated();
    expect((await webhook(capturedEvent(payment), { eventId: 'evt_dup' })).json()).toEqual({ ok: true, outcome: 'settled' });
    expect((await webhook(capturedEvent(payment), { eventId: 'evt_dup' })).json()).toEqual({ ok: true, outcome: 'duplicate' });
  });

  it('acknowledges other events and unknown orders without changing anything', async () => {
    const { payment } = await initiated();
    expect((await webhook({ event: 'payment.failed', payload: { payment: { entity: { id: 'pay_f', order_id: payment.paymentId } } } }, { eventId: 'evt_f' })).json()).toEqual({ ok: true, outcome: 'ignored' });
    expect((await webhook(capturedEvent({ paymentId: 'order_elsewhere', amount: 100 }), { eventId: 'evt_u' })).json()).toEqual({ ok: true, outcome: 'ignored' });
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('awaiting');
  });
});

describe('reservation expiry', () => {
  const later = (ms: number) => new Date(Date.now() + ms);

  it('cancels lapsed reservations with payment expired and returns their stock, once', async () => {
    const { product, payment } = await initiated({ stock: 5, quantity: 2 });
    const fresh = await initiated({ stock: 5, quantity: 1 });
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, payment.orderId));

    expect(await expireReservations(t.db)).toEqual([payment.orderId]);
    expect(await orderRow(payment.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', reservedUntil: null, listed: false });
    expect(await productStock(t.db, product.id)).toBe(5);
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(row?.status).toBe('expired');
    // A second sweep, even a concurrent pair, finds nothing more to return.
    expect(await Promise.all([expireReservations(t.db), expireReservations(t.db)])).toEqual([[], []]);
    expect(await productStock(t.db, product.id)).toBe(5);
    expect((await orderRow(fresh.payment.orderId)).paymentStatus).toBe('awaiting');
  });

  it('lets everything lapse past the configured expiry', async () => {
    const { product, payment } = await initiated({ stock: 4, quantity: 4 });
    expect(await expireReservations(t.db, later(t.config.paymentExpiryMs - 60_000))).toEqual([]);
    expect(await expireReservations(t.db, later(t.config.paymentExpiryMs + 1000))).toEqual([payment.orderId]);
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it('refuses a payment that arrives after its reservation lapsed: 409, the stock stays returned, the payment owed back', async () => {
    const { me, product, payment } = await initiated({ stock: 5, quantity: 2 });
    await expireReservations(t.db, later(t.config.paymentExpiryMs + 1000));
    const res = await verify(signedVerifyBody(payment.paymentId, 'pay_too_late'));
    expect([res.statusCode, res.json()]).toEqual([409, { message: PAID_AFTER_CANCEL }]);
    expect(await productStock(t.db, product.id)).toBe(5);
    expect(await orderRow(payment.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', listed: false });
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(row).toMatchObject({ status: 'refund_due', providerPaymentId: 'pay_too_late' });
    expect((await ownerList(me)).totalOrders).toBe(0);
  });

  it('either settles or lapses a reservation, never both, when a verify meets the sweep', async () => {
    for (let round = 0; round < 5; round++) {
      await t.reset();
      const { product, payment } = await initiated({ stock: 3, quantity: 2 });
      const [res, swept] = await Promise.all([
        verify(signedVerifyBody(payment.paymentId)),
        expireReservations(t.db, later(t.config.paymentExpiryMs + 1000)),
      ]);
      const order = await orderRow(payment.orderId);
      const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
      if (res.statusCode === 200) {
        expect([swept, order.status, order.paymentStatus, row?.status]).toEqual([[], 'pending', 'paid', 'paid']);
        expect(await productStock(t.db, product.id)).toBe(1);
      } else {
        expect([res.statusCode, swept, order.status, order.paymentStatus, row?.status]).toEqual([409, [payment.orderId], 'cancelled', 'expired', 'refund_due']);
        expect(await productStock(t.db, product.id)).toBe(3);
      }
    }
  });

  it('sweeps as the reservations.sweep job', async () => {
    const { product, payment } = await initiated({ stock: 3, quantity: 3 });
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, payment.orderId));
    await t.app.jobs.send(t.db, 'reservations.sweep', {});
    t.app.jobs.wake('reservations.sweep');
    await expect.poll(() => productStock(t.db, product.id), { timeout: 30_000 }).toBe(3);
    expect((await orderRow(payment.orderId)).paymentStatus).toBe('expired');
  });
});

describe('the built-in test provider in the browser', () => {
  it('serves a checkout script with the Razorpay browser interface', async () => {
    const res = await t.app.inject('/api/payment/checkout.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.body).toContain('window.Razorpay = Razorpay');
    expect(res.body).toContain("'Test payment '");
    expect(res.body).not.toMatch(/\beval\(|new Function/);
  });

  it("sends the shopper's session cookie with the request to sign", async () => {
    // Same-origin fetches send cookies anyway; 'include' also covers an API on another origin.
    expect((await t.app.inject('/api/payment/checkout.js')).body).toMatch(/fetch\(base \+ 'test-sign', \{[^}]*credentials: 'include'/);
  });

  it("signs a payment of the signed-in shopper's own order, and verify accepts it", async () => {
    const { me, payment } = await initiated();
    // With the Origin the browser sends from the shop's own page: the cross-site check lets it through.
    const signed = await testSign(payment.paymentId, { cookie: me.cookie, origin: 'http://localhost:3000' });
    expect(signed.statusCode).toBe(200);
    const body = signed.json<Record<string, string>>();
    expect(body).toEqual({ razorpay_order_id: payment.paymentId, razorpay_payment_id: expect.stringMatching(/^pay_test_/), razorpay_signature: sign(payment.paymentId, body.razorpay_payment_id!) });
    expect((await verify(body)).statusCode).toBe(200);
    expect(await orderRow(payment.orderId)).toMatchObject({ paymentStatus: 'paid', listed: true });
  });

  it("answers another shopper, an admin and an unknown id alike with 404, and changes nothing", async () => {
    const { payment } = await initiated();
    const other = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const before = await snapshot(t.db);
    const replies = [
      await testSign(payment.paymentId, { cookie: other.cookie }),
      await testSign(payment.paymentId, { cookie: admin.cookie }),
      await testSign('order_test_nope', { cookie: other.cookie }),
    ];
    expect(replies.map((r) => [r.statusCode, r.json()])).toEqual(Array(3).fill([404, { message: 'Payment not found' }]));
    expect(await snapshot(t.db)).toEqual(before);
    expect(await orderRow(payment.orderId)).toMatchObject({ paymentStatus: 'awaiting', listed: false });
  });

  it('refuses a signed-out caller with 401', async () => {
    const { payment } = await initiated();
    const res = await testSign(payment.paymentId, {});
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please sign in' }]);
  });

  it("refuses the owner's cookie from a foreign Origin with 403", async () => {
    const { me, payment } = await initiated();
    const res = await testSign(payment.paymentId, { cookie: me.cookie, origin: 'https://evil.example' });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
  });
});

describe('the Razorpay provider', () => {
  const keys = { keyId: 'rzp_test_abc', keySecret: 'rzp-secret', webhookSecret: 'rzp-hook-secret' };

  it('creates the order through the SDK for the amount in paise', async () => {
    const calls: unknown[] = [];
    const provider = createRazorpayProvider(keys, { fetch: async (_url, init) => (calls.push(JSON.parse(String(init?.body))), Response.json({ id: 'order_Rzp123' })) });
    expect(await provider.createOrder({ amountPaise: 246_900, currency: 'INR', receipt: 'order_7' })).toEqual({ id: 'order_Rzp123' });
    expect(calls).toEqual([{ amount: 246_900, currency: 'INR', receipt: 'order_7' }]);
    expect(provider.checkoutScriptUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  it('verifies payment and webhook signatures with the key and webhook secrets', () => {
    const provider = createRazorpayProvider(keys, { fetch: () => Promise.reject(new Error('no request expected')) });
    const signature = createHmac('sha256', 'rzp-secret').update('order_A|pay_B').digest('hex');
    expect(provider.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature })).toBe(true);
    expect(provider.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_C', signature })).toBe(false);
    const raw = Buffer.from('{"event":"order.paid"}');
    expect(provider.verifyWebhookSignature(raw, createHmac('sha256', 'rzp-hook-secret').update(raw).digest('hex'))).toBe(true);
    expect(provider.verifyWebhookSignature(raw, createHmac('sha256', 'rzp-secret').update(raw).digest('hex'))).toBe(false);
    expect(createRazorpayProvider({ ...keys, webhookSecret: undefined }, { fetch: () => Promise.reject(new Error('no request expected')) }).verifyWebhookSignature(raw, 'anything')).toBe(false);
  });

  it('switches the test-only routes off and names Razorpay in the config', async () => {
    // The same database, a server configured with Razorpay keys.
    const real = await buildApp({ database: t.database, config: { ...t.config, razorpay: { ...keys }, paymentProvider: 'razorpay' }, logger: false });
    try {
      expect((await real.inject('/api/payment/config')).json()).toEqual({ provider: 'razorpay', keyId: 'rzp_test_abc', checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js', cardPayments: true });
      expect((await real.inject('/api/payment/checkout.js')).statusCode).toBe(404);
      const me = await shopper(t.db);
      expect((await real.inject({ method: 'POST', url: '/api/payment/test-sign', headers: { cookie: me.cookie }, payload: { order_id: 'order_x' } })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
