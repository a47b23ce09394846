import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../../env.ts';
import type { PaymentProvider } from './provider.ts';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const TEST_KEY_ID = 'rzp_test_local';
export const TEST_CHECKOUT_URL = '/api/payment/checkout.js';

/**
 * The test provider's secrets. Every server process must sign and verify alike, so they are derived
 * from constants rather than drawn at random; they are public by construction (this file), which is
 * fine because the test provider moves no money and is used only when no Razorpay keys are set.
 */
export const TEST_KEY_SECRET = createHash('sha256').update('saree-pari/test-provider/key-secret').digest('hex');
export const TEST_WEBHOOK_SECRET = createHash('sha256').update('saree-pari/test-provider/webhook-secret').digest('hex');

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, received: string): boolean {
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

/** The built-in provider: local order ids, the API's own checkout script, signatures with the given secrets. */
export function createTestProvider(secrets: { keySecret: string; webhookSecret: string } = { keySecret: TEST_KEY_SECRET, webhookSecret: TEST_WEBHOOK_SECRET }): PaymentProvider {
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

/** Razorpay through its official SDK; signatures are checked here, in constant time. */
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

export function createPaymentProvider(config: Config): PaymentProvider {
  return config.razorpay ? createRazorpayProvider(config.razorpay) : createTestProvider();
}
