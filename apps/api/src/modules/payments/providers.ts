import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import Razorpay from 'razorpay';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentSecrets } from './payments.table.ts';

const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const TEST_KEY_ID = 'rzp_test_local';
const TEST_CHECKOUT_URL = '/api/payment/checkout.js';

interface TestProviderSecrets {
  keySecret: string;
  webhookSecret: string;
}

const SECRET_NAMES = { keySecret: 'test-provider/key-secret', webhookSecret: 'test-provider/webhook-secret' } as const;

/** Per installation, never in the source: a known secret would let anyone mark an order paid. */
export async function testProviderSecrets(db: Db): Promise<TestProviderSecrets> {
  const names = Object.values(SECRET_NAMES);
  await db
    .insert(paymentSecrets)
    .values(names.map((name) => ({ name, value: randomBytes(32).toString('hex') })))
    .onConflictDoNothing();
  const rows = await db.select().from(paymentSecrets).where(inArray(paymentSecrets.name, names));
  const value = (name: string) => rows.find((r) => r.name === name)!.value;
  return { keySecret: value(SECRET_NAMES.keySecret), webhookSecret: value(SECRET_NAMES.webhookSecret) };
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function signatureMatches(expectedHex: string, received: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function verifiers(keySecret: string, webhookSecret: string | undefined) {
  return {
    verifyPaymentSignature: ({ orderId, paymentId, signature }: { orderId: string; paymentId: string; signature: string }) =>
      signatureMatches(hmacHex(keySecret, `${orderId}|${paymentId}`), signature),
    verifyWebhookSignature: (rawBody: Buffer, signature: string) =>
      webhookSecret !== undefined && signatureMatches(hmacHex(webhookSecret, rawBody), signature),
  };
}

export function createTestProvider(secrets: TestProviderSecrets): PaymentProvider {
  return {
    name: 'test',
    keyId: TEST_KEY_ID,
    checkoutScriptUrl: TEST_CHECKOUT_URL,
    createOrder: async () => ({ id: `order_test_${randomBytes(9).toString('hex')}` }),
    ...verifiers(secrets.keySecret, secrets.webhookSecret),
    signTestPayment(orderId) {
      const paymentId = `pay_test_${randomBytes(9).toString('hex')}`;
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: hmacHex(secrets.keySecret, `${orderId}|${paymentId}`) };
    },
  };
}

type RazorpayOrders = { create(params: { amount: number; currency: string; receipt: string }): Promise<{ id: string }> };

export function createRazorpayProvider(keys: NonNullable<Config['razorpay']>, orders?: RazorpayOrders): PaymentProvider {
  const api: RazorpayOrders = orders ?? new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret }).orders;
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    checkoutScriptUrl: RAZORPAY_CHECKOUT_URL,
    async createOrder({ amountPaise, currency, receipt }) {
      const order = await api.create({ amount: amountPaise, currency, receipt });
      return { id: order.id };
    },
    ...verifiers(keys.keySecret, keys.webhookSecret),
  };
}

const cardPaymentsOff: PaymentProvider = {
  name: 'none',
  keyId: '',
  checkoutScriptUrl: '',
  createOrder: () => Promise.reject(new Error('card payments are off')),
  verifyPaymentSignature: () => false,
  verifyWebhookSignature: () => false,
};

export async function createPaymentProvider(config: Config, db: Db, warn: (message: string) => void): Promise<PaymentProvider> {
  if (config.paymentProvider === 'razorpay' && config.razorpay) return createRazorpayProvider(config.razorpay);
  if (config.paymentProvider !== 'test') return cardPaymentsOff;
  if (config.production)
    warn('Card payments use the built-in test provider (PAYMENT_PROVIDER=test), which moves no money: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  return createTestProvider(await testProviderSecrets(db));
}
