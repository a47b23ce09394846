import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentInitiation, Refund } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../../test/commerce.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../test/razorpay-stand-in.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { payments } from '../modules/payments/payments.table.ts';
import { refunds } from '../modules/returns/returns.table.ts';
import { taxDocuments } from '../modules/invoices/invoices.table.ts';
import { reconcilePayments } from './card-payment.ts';
import { reconcileRefunds } from './refunds.ts';
import { refundSettled } from './returns.ts';

// Decision 043, against Razorpay's documented API on a local stand-in: a payment nobody told us about
// is found by the reconciliation, and a refund whose answer was lost is found by its receipt, not made twice.
let rzp: RazorpayStandIn;
let t: TestApp;
beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: rzp.keyId,
    RAZORPAY_KEY_SECRET: rzp.keySecret,
    RAZORPAY_API_URL: rzp.url,
    RAZORPAY_TIMEOUT_MS: '300',
  });
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});
beforeEach(async () => {
  await t.reset();
  rzp.reset();
});

const fx = () => ({ jobs: t.app.jobs, webUrl: t.config.webUrl, publicUrl: t.config.publicUrl });
const LATER = () => new Date(Date.now() + 11 * 60_000);

/** A card payment started at Razorpay (the stand-in); the browser never comes back to verify it. */
async function started() {
  const who = await shopper(t.db);
  const product = await insertProduct(t.db, { price: 1800, discountPercentage: 0, stock: 5 });
  await insertCartLine(t.db, who.user.id, product.id, 1);
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: who.cookie }, payload: orderPayload('card') });
  expect(res.statusCode, res.body).toBe(201);
  return { who, payment: res.json<PaymentInitiation>() };
}

const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the reconciliation of card payments', () => {
  it('settles a payment captured at Razorpay that neither the browser nor a webhook reported, once', async () => {
    const { payment } = await started();
    expect(rzp.order(payment.paymentId)).toMatchObject({ amount: 180000, receipt: `order_${payment.orderId}` });
    // Not captured yet: asked about, nothing changes.
    expect(await reconcilePayments(t.db, fx(), t.app.payments, LATER())).toBe(0);
    expect((await orderOf(payment.orderId)).paymentStatus).toBe('awaiting');
    const paymentId = rzp.capture(payment.paymentId, 180000);
    expect(await reconcilePayments(t.db, fx(), t.app.payments, LATER())).toBe(1);
    expect(await orderOf(payment.orderId)).toMatchObject({ paymentStatus: 'paid', listed: true });
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, payment.orderId));
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: paymentId });
    expect(await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, payment.orderId))).toHaveLength(1);
    // Settled payments are not asked about again.
    const asked = rzp.requestsTo('GET', `/v1/orders/${payment.paymentId}/payments`).length;
    expect(await reconcilePayments(t.db, fx(), t.app.payments, LATER())).toBe(0);
    expect(rzp.requestsTo('GET', `/v1/orders/${payment.paymentId}/payments`)).toHaveLength(asked);
  });

  it('finds a refund whose answer was lost by its receipt, and does not refund twice', async () => {
    const { payment } = await started();
    const paymentId = rzp.capture(payment.paymentId, 180000);
    await reconcilePayments(t.db, fx(), t.app.payments, LATER());
    const boss = await shopper(t.db, 'admin');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${payment.orderId}`, headers: { cookie: boss.cookie }, payload: { status: 'cancelled' } })).statusCode).toBe(200);

    // Razorpay makes the refund but its answer never arrives.
    rzp.failNext(/\/refund$/, { hang: true });
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${payment.orderId}/refunds`, headers: { cookie: boss.cookie }, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Refund>()).toMatchObject({ status: 'pending', amount: 1800, reference: null });
    await expect.poll(() => rzp.refunds(paymentId).length).toBe(1);

    // The owner tries again: the refund is under way, nothing more is owed.
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/${payment.orderId}/refunds`, headers: { cookie: boss.cookie }, payload: {} });
    expect(again.statusCode).toBe(409);

    // The reconciliation asks with the same receipt and finds the refund Razorpay made.
    await reconcileRefunds(t.db, t.app.payments, refundSettled(fx()), 0);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, payment.orderId));
    const made = rzp.refunds(paymentId);
    expect(made).toHaveLength(1);
    expect(rzp.requestsTo('POST', `/v1/payments/${paymentId}/refund`)).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 180000, receipt: row!.receipt, speed_requested: 'optimum' });
    expect(row).toMatchObject({ providerRefundId: made[0]!.id, amountPaise: 180000 });

    // Razorpay's optimum refund is pending until it is processed; the next round settles it.
    rzp.setRefundStatus(made[0]!.id, 'processed');
    await reconcileRefunds(t.db, t.app.payments, refundSettled(fx()), 0);
    expect((await t.db.select().from(refunds).where(eq(refunds.orderId, payment.orderId)))[0]).toMatchObject({ status: 'processed' });
  });

  it('records a refund Razorpay refuses as failed, so the owner can refund again', async () => {
    const { payment } = await started();
    rzp.capture(payment.paymentId, 180000);
    await reconcilePayments(t.db, fx(), t.app.payments, LATER());
    const boss = await shopper(t.db, 'admin');
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${payment.orderId}`, headers: { cookie: boss.cookie }, payload: { status: 'cancelled' } });
    rzp.failNext(/\/refund$/, { status: 400, description: 'The payment has been fully refunded already' });
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${payment.orderId}/refunds`, headers: { cookie: boss.cookie }, payload: {} });
    expect(res.json<Refund>()).toMatchObject({ status: 'failed' });
    const retry = await t.app.inject({ method: 'POST', url: `/api/orders/${payment.orderId}/refunds`, headers: { cookie: boss.cookie }, payload: {} });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<Refund>().amount).toBe(1800);
  });
});

