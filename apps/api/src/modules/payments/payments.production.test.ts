import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PaymentInitiation } from '@shop/shared';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  productStock,
  shopper,
} from '../../../test/commerce.ts';
import { orders } from '../orders/orders.table.ts';
import { CARD_PAYMENTS_OFF } from '../../http/payments.routes.ts';
import { testProviderSecrets } from './providers.ts';
import { paymentSecrets } from './payments.table.ts';

// Issue 12: in production without Razorpay keys the test provider was active, with secrets derived
// from a constant in the source, so anyone could sign a verify or a webhook and mark an order paid.
const OLD_PUBLIC_KEY_SECRET = createHash('sha256')
  .update('saree-pari/test-provider/key-secret')
  .digest('hex');
const OLD_PUBLIC_WEBHOOK_SECRET = createHash('sha256')
  .update('saree-pari/test-provider/webhook-secret')
  .digest('hex');
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('production without payment keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('tells the checkout that card payments are off', async () => {
    expect((await t.app.inject('/api/payment/config')).json()).toMatchObject({
      provider: 'none',
      cardPayments: false,
    });
    expect((await t.app.inject('/api/payment/checkout.js')).statusCode).toBe(404);
  });

  it('refuses to start a card payment and reserves nothing', async () => {
    const me = await shopper(t.db);
    const product = await insertProduct(t.db, { stock: 4 });
    await insertCartLine(t.db, me.user.id, product.id, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie: me.cookie },
      payload: orderPayload('card'),
    });
    expect([res.statusCode, res.json()]).toEqual([400, { message: CARD_PAYMENTS_OFF }]);
    expect(await productStock(t.db, product.id)).toBe(4);
    expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(0);
    // Cash still works.
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: me.cookie },
      payload: orderPayload('cash'),
    });
    expect(cash.statusCode).toBe(201);
  });

  it('accepts no signature at all, not even one made with the once-published secrets', async () => {
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify',
      payload: {
        razorpay_order_id: 'order_test_x',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: hmac(OLD_PUBLIC_KEY_SECRET, 'order_test_x|pay_x'),
      },
    });
    expect([verify.statusCode, verify.json()]).toEqual([400, { message: 'Payment verification failed' }]);
    const raw = JSON.stringify({
      event: 'order.paid',
      payload: { order: { entity: { id: 'order_test_x', amount_paid: 100, currency: 'INR' } } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(OLD_PUBLIC_WEBHOOK_SECRET, raw),
      },
      payload: raw,
    });
    expect([hook.statusCode, hook.json()]).toEqual([400, { message: 'Invalid webhook signature' }]);
  });
});

describe('production with the test provider opted in (PAYMENT_PROVIDER=test)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' });
  });
  afterAll(() => t.close());

  it('signs with a random secret made once for this installation and kept in the database', async () => {
    const secrets = await testProviderSecrets(t.db);
    expect(secrets.keySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.keySecret).not.toBe(OLD_PUBLIC_KEY_SECRET);
    expect(secrets.webhookSecret).not.toBe(OLD_PUBLIC_WEBHOOK_SECRET);
    expect(secrets.webhookSecret).not.toBe(secrets.keySecret);
    expect(await t.db.select().from(paymentSecrets)).toHaveLength(2);
    // A second process on the same database signs alike.
    const second = await buildApp({ database: t.database, config: t.config, logger: false });
    try {
      const me = await shopper(t.db);
      await insertCartLine(t.db, me.user.id, (await insertProduct(t.db)).id);
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/payment/initiate',
        headers: { cookie: me.cookie },
        payload: orderPayload('card'),
      });
      const { paymentId, orderId } = init.json<PaymentInitiation>();
      const forged = await second.inject({
        method: 'POST',
        url: '/api/payment/verify',
        payload: {
          razorpay_order_id: paymentId,
          razorpay_payment_id: 'pay_1',
          razorpay_signature: hmac(OLD_PUBLIC_KEY_SECRET, `${paymentId}|pay_1`),
        },
      });
      expect(forged.statusCode).toBe(400);
      const paid = await second.inject({
        method: 'POST',
        url: '/api/payment/verify',
        payload: {
          razorpay_order_id: paymentId,
          razorpay_payment_id: 'pay_1',
          razorpay_signature: hmac(secrets.keySecret, `${paymentId}|pay_1`),
        },
      });
      expect(paid.statusCode).toBe(200);
      expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus).toBe('paid');
    } finally {
      await second.close();
    }
  });

  it('draws different secrets for another installation', async () => {
    const other = await createTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' });
    try {
      expect((await testProviderSecrets(other.db)).keySecret).not.toBe(
        (await testProviderSecrets(t.db)).keySecret,
      );
    } finally {
      await other.close();
    }
  });
});

describe('the payment provider setting', () => {
  it('is Razorpay with keys, the test provider in development, and none in production', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'y' };
    expect(parseEnv({ NODE_ENV: 'production', ...keys }).paymentProvider).toBe('razorpay');
    expect(parseEnv({ NODE_ENV: 'development' }).paymentProvider).toBe('test');
    expect(parseEnv({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(parseEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(parseEnv({ NODE_ENV: 'development', ...keys, PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe(
      'none',
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
  });
});
