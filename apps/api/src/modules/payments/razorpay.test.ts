import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay-stand-in.ts';
import type { Db } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { ProviderRefused } from './provider.ts';
import { createPaymentProvider, createRazorpayProvider, createTestProvider, type RazorpayOptions } from './providers.ts';

let standIn: RazorpayStandIn;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const keys = () => ({ keyId: standIn.keyId, keySecret: standIn.keySecret, webhookSecret: undefined });
const razorpay = (opts: RazorpayOptions = {}) => createRazorpayProvider(keys(), { apiUrl: standIn.url, timeoutMs: 5_000, ...opts });
const basicAuth = () => `Basic ${Buffer.from(`${standIn.keyId}:${standIn.keySecret}`).toString('base64')}`;

/** An order at the stand-in that a shopper paid: its payment's id. */
async function capturedPayment(amountPaise: number): Promise<string> {
  const { id } = await razorpay().createOrder({ amountPaise, currency: 'INR', receipt: `order_${amountPaise}` });
  return standIn.capture(id, amountPaise);
}

/** What the refund promises, read back from the stand-in's own record. */
const standInRefund = (paymentId: string, index = 0) => {
  const r = standIn.refunds(paymentId)[index]!;
  return { id: r.id, paymentId: r.payment_id, amountPaise: r.amount, status: r.status, receipt: r.receipt };
};

/** The error a promise rejects with (the test fails if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(outcome instanceof Error)) throw new Error(`expected a rejection with an Error, got ${String(outcome)}`);
  return outcome;
}

describe('the Razorpay adapter', () => {
  it('creates an order with amount, currency and receipt, signed in with the key pair', async () => {
    const { id } = await razorpay().createOrder({ amountPaise: 246_900, currency: 'INR', receipt: 'order_7' });
    const [sent] = standIn.requestsTo('POST', '/v1/orders');
    expect(sent?.body).toEqual({ amount: 246_900, currency: 'INR', receipt: 'order_7' });
    expect(sent?.headers).toMatchObject({ authorization: basicAuth(), 'content-type': 'application/json' });
    expect(standIn.order(id)).toMatchObject({ amount: 246_900, currency: 'INR', receipt: 'order_7' });
  });

  it('looks for an earlier refund by receipt, then refunds at optimum speed with the receipt', async () => {
    const paymentId = await capturedPayment(150_000);
    const refund = await razorpay().refund({ paymentId, amountPaise: 40_000, receipt: 'refund_12' });
    expect(standIn.requests.map((r) => [r.method, r.path, r.query, r.body]).slice(-2)).toEqual([
      ['GET', `/v1/payments/${paymentId}/refunds`, { count: '100' }, undefined],
      ['POST', `/v1/payments/${paymentId}/refund`, {}, { amount: 40_000, speed: 'optimum', receipt: 'refund_12' }],
    ]);
    expect(refund).toEqual(standInRefund(paymentId));
    expect(refund).toMatchObject({ paymentId, amountPaise: 40_000, receipt: 'refund_12' });
  });

  it('answers a second refund with the same receipt with the first one, and refunds nothing more', async () => {
    const paymentId = await capturedPayment(150_000);
    const first = await razorpay().refund({ paymentId, amountPaise: 40_000, receipt: 'refund_12' });
    const again = await razorpay().refund({ paymentId, amountPaise: 40_000, receipt: 'refund_12' });
    expect(again).toEqual(first);
    expect(standIn.requestsTo('POST', `/v1/payments/${paymentId}/refund`)).toHaveLength(1);
    expect(standIn.refunds(paymentId)).toHaveLength(1);
    expect(standIn.payment(paymentId)).toMatchObject({ amount_refunded: 40_000, refund_status: 'partial' });
  });

  it('finds a refund by receipt past the first page of the payment’s refunds', async () => {
    const paymentId = await capturedPayment(101 * 100);
    for (let i = 0; i < 101; i++) await razorpay().refund({ paymentId, amountPaise: 100, receipt: `refund_${i}` });
    standIn.requests.length = 0;
    // Razorpay lists newest first: the oldest refund is on the second page.
    const oldest = await razorpay().refund({ paymentId, amountPaise: 100, receipt: 'refund_0' });
    expect(oldest).toEqual(standInRefund(paymentId, 0));
    expect(standIn.requests.map((r) => [r.method, r.query])).toEqual([
      ['GET', { count: '100' }],
      ['GET', { count: '100', skip: '100' }],
    ]);
  });

  it('throws ProviderRefused with Razorpay’s description for a refund over the amount captured', async () => {
    const paymentId = await capturedPayment(50_000);
    const err = await rejection(razorpay().refund({ paymentId, amountPaise: 50_001, receipt: 'refund_1' }));
    expect(err).toBeInstanceOf(ProviderRefused);
    expect([err.message, (err as ProviderRefused).status]).toEqual(['The refund amount provided is greater than amount captured', 400]);
    expect(standIn.refunds(paymentId)).toEqual([]);
  });

  it('throws ProviderRefused for a payment Razorpay does not know', async () => {
    const err = await rejection(razorpay().refund({ paymentId: 'pay_Nope00000000000', amountPaise: 100, receipt: 'refund_1' }));
    expect(err).toBeInstanceOf(ProviderRefused);
    expect([err.message, (err as ProviderRefused).status]).toEqual(['The id provided does not exist', 400]);
  });

  it('throws a plain error on a 500, and a retry then refunds once', async () => {
    const paymentId = await capturedPayment(50_000);
    standIn.failNext(`/v1/payments/${paymentId}/refund`, { status: 500, description: 'Something went wrong' });
    const err = await rejection(razorpay().refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' }));
    expect(err).not.toBeInstanceOf(ProviderRefused);
    expect(err.message).toBe(`Razorpay answered 500 to POST /payments/${paymentId}/refund: Something went wrong`);
    await razorpay().refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' });
    expect(standIn.refunds(paymentId)).toHaveLength(1);
  });

  it('reads a 429 as an outcome to try again, not a refusal', async () => {
    standIn.failNext('/v1/orders', { status: 429, description: 'Too many requests' });
    const err = await rejection(razorpay().createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'order_1' }));
    expect(err).not.toBeInstanceOf(ProviderRefused);
    expect(err.message).toMatch(/^Razorpay answered 429/);
  });

  it('gives up on a hanging refund after its timeout, and the retry finds the refund Razorpay made', async () => {
    const paymentId = await capturedPayment(50_000);
    standIn.failNext(/\/refund$/, { hang: true });
    const err = await rejection(razorpay({ timeoutMs: 200 }).refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' }));
    expect(err).not.toBeInstanceOf(ProviderRefused);
    expect(err.message).toBe(`Razorpay POST /payments/${paymentId}/refund: no answer within 200 ms`);
    const retried = await razorpay().refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' });
    expect(retried).toEqual(standInRefund(paymentId));
    expect(standIn.refunds(paymentId)).toHaveLength(1);
  });

  it('throws a plain error when Razorpay cannot be reached', async () => {
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const err = await rejection(razorpay({ fetch: unreachable }).orderPayments('order_X'));
    expect(err).not.toBeInstanceOf(ProviderRefused);
    expect(err.message).toBe('Razorpay GET /orders/order_X/payments: fetch failed');
  });

  it('fetches where a refund now is', async () => {
    const paymentId = await capturedPayment(50_000);
    const refund = await razorpay().refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' });
    standIn.setRefundStatus(refund.id, 'failed');
    expect(await razorpay().fetchRefund(paymentId, refund.id)).toEqual({ ...refund, status: 'failed' });
    standIn.setRefundStatus(refund.id, 'pending');
    expect(await razorpay().fetchRefund(paymentId, refund.id)).toEqual({ ...refund, status: 'pending' });
  });

  it('encodes the ids it puts in a path', async () => {
    const err = await rejection(razorpay().fetchRefund('pay_a/../b', 'rfnd?x=1'));
    expect(err).toBeInstanceOf(ProviderRefused);
    expect(standIn.requests.at(-1)?.path).toBe('/v1/payments/pay_a%2F..%2Fb/refunds/rfnd%3Fx%3D1');
  });

  it('lists an order’s payments, whatever their status', async () => {
    const { id } = await razorpay().createOrder({ amountPaise: 80_000, currency: 'INR', receipt: 'order_9' });
    const failed = standIn.capture(id, 80_000, 'failed');
    const captured = standIn.capture(id, 80_000);
    expect(await razorpay().orderPayments(id)).toEqual([
      { id: failed, orderId: id, amountPaise: 80_000, currency: 'INR', status: 'failed' },
      { id: captured, orderId: id, amountPaise: 80_000, currency: 'INR', status: 'captured' },
    ]);
  });

  it('throws a plain error on a body it cannot read', async () => {
    standIn.failNext('/v1/orders', { status: 200, body: { entity: 'order', id: 42 } });
    standIn.failNext('/v1/orders', { status: 200, body: '<html>Bad gateway</html>' });
    for (let i = 0; i < 2; i++) {
      const err = await rejection(razorpay().createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'order_1' }));
      expect(err).not.toBeInstanceOf(ProviderRefused);
      expect(err.message).toBe('Razorpay answered POST /orders with a body we cannot read');
    }
  });

  it('throws a plain error on a refund in a status it does not know', async () => {
    const paymentId = await capturedPayment(50_000);
    const refund = await razorpay().refund({ paymentId, amountPaise: 20_000, receipt: 'refund_1' });
    standIn.failNext(/\/refunds\//, { status: 200, body: { ...standIn.refunds(paymentId)[0], status: 'reversed' } });
    const err = await rejection(razorpay().fetchRefund(paymentId, refund.id));
    expect(err).not.toBeInstanceOf(ProviderRefused);
  });

  it('throws ProviderRefused 401 with wrong keys', async () => {
    const wrong = createRazorpayProvider({ ...keys(), keySecret: 'not-the-secret' }, { apiUrl: standIn.url });
    const err = await rejection(wrong.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'order_1' }));
    expect(err).toBeInstanceOf(ProviderRefused);
    expect([err.message, (err as ProviderRefused).status]).toEqual(['Authentication failed', 401]);
  });

  it('is configured by RAZORPAY_API_URL and RAZORPAY_TIMEOUT_MS', async () => {
    const config = parseEnv({ RAZORPAY_KEY_ID: standIn.keyId, RAZORPAY_KEY_SECRET: standIn.keySecret, RAZORPAY_API_URL: `${standIn.url}/`, RAZORPAY_TIMEOUT_MS: '200' });
    // The Razorpay provider keeps no secret in the database.
    const provider = await createPaymentProvider(config, undefined as unknown as Db, () => {});
    const { id } = await provider.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'order_1' });
    expect(standIn.order(id)).toBeDefined();
    standIn.failNext('/v1/orders', { hang: true });
    const err = await rejection(provider.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'order_2' }));
    expect(err.message).toBe('Razorpay POST /orders: no answer within 200 ms');
  });
});

describe('the test provider', () => {
  const secrets = { keySecret: 'test-key-secret', webhookSecret: 'test-webhook-secret' };

  it('makes one refund per receipt, its id taken from the receipt', async () => {
    const provider = createTestProvider(secrets);
    const refund = await provider.refund({ paymentId: 'pay_test_1', amountPaise: 5_000, receipt: 'refund_3' });
    const hash = createHash('sha256').update('refund_3').digest('hex');
    expect(refund).toEqual({ id: `rfnd_test_${hash.slice(0, 14)}`, paymentId: 'pay_test_1', amountPaise: 5_000, status: 'processed', receipt: 'refund_3' });
    // As with Razorpay, the receipt finds the first refund, whatever the retry asks.
    expect(await provider.refund({ paymentId: 'pay_test_1', amountPaise: 7_000, receipt: 'refund_3' })).toEqual(refund);
    // Another instance (after a restart) gives the same id for the same receipt.
    expect((await createTestProvider(secrets).refund({ paymentId: 'pay_test_1', amountPaise: 5_000, receipt: 'refund_3' })).id).toBe(refund.id);
    expect((await provider.refund({ paymentId: 'pay_test_1', amountPaise: 5_000, receipt: 'refund_4' })).id).not.toBe(refund.id);
  });

  it('fetches a refund it made, and refuses one it did not with 404', async () => {
    const provider = createTestProvider(secrets);
    const refund = await provider.refund({ paymentId: 'pay_test_1', amountPaise: 5_000, receipt: 'refund_3' });
    expect(await provider.fetchRefund('pay_test_1', refund.id)).toEqual(refund);
    for (const [paymentId, refundId] of [['pay_test_1', 'rfnd_test_00000000000000'], ['pay_test_2', refund.id]] as const) {
      const err = await rejection(provider.fetchRefund(paymentId, refundId));
      expect(err).toBeInstanceOf(ProviderRefused);
      expect([err.message, (err as ProviderRefused).status]).toEqual(['No such refund', 404]);
    }
  });

  it('holds no payments of its own to reconcile', async () => {
    expect(await createTestProvider(secrets).orderPayments('order_test_1')).toEqual([]);
  });
});

describe('card payments off', () => {
  it('refuses refunds, refund lookups and reconciliation', async () => {
    const provider = await createPaymentProvider(parseEnv({ PAYMENT_PROVIDER: 'none' }), undefined as unknown as Db, () => {});
    const calls = [
      () => provider.refund({ paymentId: 'pay_1', amountPaise: 100, receipt: 'refund_1' }),
      () => provider.fetchRefund('pay_1', 'rfnd_1'),
      () => provider.orderPayments('order_1'),
    ];
    for (const call of calls) expect((await rejection(call())).message).toBe('card payments are off');
  });
});
