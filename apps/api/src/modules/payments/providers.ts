import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { ProviderRefused, type PaymentProvider, type ProviderPayment, type ProviderRefund } from './provider.ts';
import { paymentSecrets } from './payments.table.ts';

const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const RAZORPAY_API_URL = 'https://api.razorpay.com/v1';
const RAZORPAY_TIMEOUT_MS = 15_000;
// Razorpay's largest page for a list (`count`).
const REFUND_PAGE = 100;
// Past this a payment's refund list is not believed: refunding again on a list we could not finish
// reading could refund twice.
const REFUND_PAGES_MAX = 20;
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

/**
 * The test provider moves no money, so a refund is only remembered: by this instance, for `fetchRefund`.
 * Its id comes from the receipt, so a retry after a crash gets the refund the first attempt made.
 */
function testRefunds(): Pick<PaymentProvider, 'refund' | 'fetchRefund' | 'orderPayments'> {
  const made = new Map<string, ProviderRefund>();
  return {
    async refund({ paymentId, amountPaise, receipt }) {
      const id = `rfnd_test_${createHash('sha256').update(receipt).digest('hex').slice(0, 14)}`;
      const refund = made.get(id) ?? { id, paymentId, amountPaise, status: 'processed', receipt };
      made.set(id, refund);
      return { ...refund };
    },
    async fetchRefund(paymentId, refundId) {
      const refund = made.get(refundId);
      if (!refund || refund.paymentId !== paymentId) throw new ProviderRefused('No such refund', 404);
      return { ...refund };
    },
    // It learns of a payment only through the browser's verify call: there is nothing to reconcile.
    orderPayments: async () => [],
  };
}

export function createTestProvider(secrets: TestProviderSecrets): PaymentProvider {
  return {
    name: 'test',
    keyId: TEST_KEY_ID,
    checkoutScriptUrl: TEST_CHECKOUT_URL,
    createOrder: async () => ({ id: `order_test_${randomBytes(9).toString('hex')}` }),
    ...verifiers(secrets.keySecret, secrets.webhookSecret),
    ...testRefunds(),
    signTestPayment(orderId) {
      const paymentId = `pay_test_${randomBytes(9).toString('hex')}`;
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: hmacHex(secrets.keySecret, `${orderId}|${paymentId}`) };
    },
  };
}

// Razorpay's entities, only the fields read here (its API reference: Orders, Payments, Refunds).
const orderEntity = z.object({ id: z.string().min(1) });
const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullish(),
});
const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
  status: z.string().min(1),
});
const collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

const toRefund = (r: z.infer<typeof refundEntity>): ProviderRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount,
  status: r.status,
  receipt: r.receipt ?? null,
});

const toPayment = (p: z.infer<typeof paymentEntity>): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id,
  amountPaise: p.amount,
  currency: p.currency,
  status: p.status,
});

export interface RazorpayOptions {
  /** RAZORPAY_API_URL: Razorpay's API base, version included; a stand-in under tests. */
  apiUrl?: string;
  /** Each request's limit, body included; 15 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST';

/** Razorpay's error body: `{ error: { code, description, … } }`. */
function descriptionOf(reply: unknown): string | undefined {
  const said = (reply as { error?: { description?: unknown } } | null)?.error?.description;
  return typeof said === 'string' && said.trim() ? said.trim() : undefined;
}

function failure(status: number, reply: unknown, what: string): Error {
  const said = descriptionOf(reply);
  // A 429 is a refusal for now, not for good: like a 5xx, the caller tries again later.
  if (status >= 400 && status < 500 && status !== 429) return new ProviderRefused(said ?? `Razorpay refused ${what} (${status})`, status);
  return new Error(`Razorpay answered ${status} to ${what}${said ? `: ${said}` : ''}`);
}

/** Razorpay's REST API over fetch: Basic auth with the key pair, JSON both ways, every answer checked. */
function razorpayApi(keys: NonNullable<Config['razorpay']>, opts: RazorpayOptions) {
  const base = (opts.apiUrl ?? RAZORPAY_API_URL).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? RAZORPAY_TIMEOUT_MS;
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  /** One exchange; what never reached an answer is thrown here, as an outcome unknown. */
  async function send(method: Method, path: string, body: unknown, what: string) {
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would turn a POST into a GET, or carry the key elsewhere.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, reply: readJson(text) };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const why = timedOut ? `no answer within ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      throw new Error(`Razorpay ${what}: ${why}`, { cause: err });
    }
  }

  return async function call<T extends z.ZodType>(method: Method, path: string, schema: T, body?: unknown): Promise<z.infer<T>> {
    const what = `${method} ${path.split('?')[0]}`;
    const { status, reply } = await send(method, path, body, what);
    if (status < 200 || status > 299) throw failure(status, reply, what);
    const read = schema.safeParse(reply);
    if (!read.success) throw new Error(`Razorpay answered ${what} with a body we cannot read`);
    return read.data;
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // kept as text: a gateway's error page is not Razorpay's JSON, and is read as malformed
    return text;
  }
}

const seg = encodeURIComponent;

export function createRazorpayProvider(keys: NonNullable<Config['razorpay']>, opts: RazorpayOptions = {}): PaymentProvider {
  const call = razorpayApi(keys, opts);

  /** The payment's refund with this receipt, reading every page of its refunds. */
  async function refundWithReceipt(paymentId: string, receipt: string) {
    for (let page = 0; page < REFUND_PAGES_MAX; page++) {
      const skip = page ? `&skip=${page * REFUND_PAGE}` : '';
      const { items } = await call('GET', `/payments/${seg(paymentId)}/refunds?count=${REFUND_PAGE}${skip}`, collection(refundEntity));
      const found = items.find((r) => r.receipt === receipt);
      if (found || items.length < REFUND_PAGE) return found;
    }
    throw new Error(`Razorpay lists more than ${REFUND_PAGE * REFUND_PAGES_MAX} refunds of payment ${paymentId}`);
  }

  return {
    name: 'razorpay',
    keyId: keys.keyId,
    checkoutScriptUrl: RAZORPAY_CHECKOUT_URL,
    async createOrder({ amountPaise, currency, receipt }) {
      const { id } = await call('POST', '/orders', orderEntity, { amount: amountPaise, currency, receipt });
      return { id };
    },
    ...verifiers(keys.keySecret, keys.webhookSecret),
    // Razorpay takes no idempotency key for a refund: the receipt, looked up first, stands in for one.
    // Two refunds with one receipt must therefore never run at once: keeping them apart is the caller's.
    async refund({ paymentId, amountPaise, receipt }) {
      const earlier = await refundWithReceipt(paymentId, receipt);
      if (earlier) return toRefund(earlier);
      const body = { amount: amountPaise, speed: 'optimum', receipt };
      return toRefund(await call('POST', `/payments/${seg(paymentId)}/refund`, refundEntity, body));
    },
    async fetchRefund(paymentId, refundId) {
      return toRefund(await call('GET', `/payments/${seg(paymentId)}/refunds/${seg(refundId)}`, refundEntity));
    },
    async orderPayments(providerOrderId) {
      const { items } = await call('GET', `/orders/${seg(providerOrderId)}/payments`, collection(paymentEntity));
      return items.map(toPayment);
    },
  };
}

const cardsOff = () => Promise.reject(new Error('card payments are off'));

const cardPaymentsOff: PaymentProvider = {
  name: 'none',
  keyId: '',
  checkoutScriptUrl: '',
  createOrder: cardsOff,
  verifyPaymentSignature: () => false,
  verifyWebhookSignature: () => false,
  refund: cardsOff,
  fetchRefund: cardsOff,
  orderPayments: cardsOff,
};

export async function createPaymentProvider(config: Config, db: Db, warn: (message: string) => void): Promise<PaymentProvider> {
  if (config.paymentProvider === 'razorpay' && config.razorpay)
    return createRazorpayProvider(config.razorpay, { apiUrl: config.razorpayApiUrl, timeoutMs: config.razorpayTimeoutMs });
  if (config.paymentProvider !== 'test') return cardPaymentsOff;
  if (config.production)
    warn('Card payments use the built-in test provider (PAYMENT_PROVIDER=test), which moves no money: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  return createTestProvider(await testProviderSecrets(db));
}
