import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Razorpay's REST API (api.razorpay.com/v1) on 127.0.0.1, answering with the shapes of
 * its API reference: orders, the payments of an order, refunds of a payment. It wants HTTP Basic auth
 * with the key pair, keeps what it was asked to make, records every request, and fails as it is told to.
 * A payment arrives only as a test says one did (`capture`): there is no checkout here.
 */

export interface ReceivedRequest {
  method: string;
  /** Without the query string, `/v1` included. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: unknown[];
  created_at: number;
}

export interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'card';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  created_at: number;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: unknown[];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: RefundStatus;
  speed_processed: 'normal' | 'instant';
  speed_requested: string;
}

/**
 * `status`: answered so (with `body`, or Razorpay's error shape), nothing done; a 200 with a strange body
 * is how a malformed answer is made. `hang`: the request is done (an order, a refund) and never answered,
 * as when Razorpay is slow and the client stops waiting.
 */
export type StandInFailure = { status: number; description?: string; body?: unknown } | { hang: true };

export interface RazorpayStandIn {
  /** A RAZORPAY_API_URL: `http://127.0.0.1:<port>/v1`. */
  url: string;
  keyId: string;
  keySecret: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** The requests with this method to one path (`/v1` included, no query), in order. */
  requestsTo(method: string, path: string): ReceivedRequest[];
  order(id: string): StandInOrder | undefined;
  payment(id: string): StandInPayment | undefined;
  /** A payment's refunds, oldest first. */
  refunds(paymentId: string): StandInRefund[];
  /** A shopper pays the order: a payment of it in `status`, captured by default. Returns its id. */
  capture(orderId: string, amountPaise: number, status?: StandInPayment['status']): string;
  /** Where a refund now is, as Razorpay moves it; a failed refund gives its amount back to the payment. */
  setRefundStatus(refundId: string, status: RefundStatus): void;
  /** The next request whose path (`/v1` included) matches fails so; several calls queue several failures. */
  failNext(path: string | RegExp, failure: StandInFailure): void;
  /** Forgets every order, payment, refund, failure and request. */
  reset(): void;
  /** Stops the server; a request still hanging is dropped. */
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  // The client may have gone (a timeout): there is nobody to answer.
  if (res.destroyed || res.writableEnded) return;
  if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/html' }).end(body);
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

type Answer = { status: number; body: unknown };

const refusal = (description: string, field?: string, status = 400): Answer => ({
  status,
  body: {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) },
  },
});
const NO_SUCH_ID = 'The id provided does not exist';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Razorpay's ids: a prefix and 14 letters and digits.
const rzpId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;
const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};
const now = () => Math.floor(Date.now() / 1000);

function amountIssue(amount: unknown): Answer | undefined {
  if (amount === undefined || amount === null) return refusal('The amount field is required.', 'amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return refusal('The amount must be an integer.', 'amount');
  if (amount < 100) return refusal('The amount must be atleast INR 1.00', 'amount');
  return undefined;
}

export async function startRazorpayStandIn(opts: { keyId?: string; keySecret?: string } = {}): Promise<RazorpayStandIn> {
  const keyId = opts.keyId ?? 'rzp_test_standin';
  const keySecret = opts.keySecret ?? 'stand-in-key-secret';
  const basic = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const requests: ReceivedRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const failures: { path: string | RegExp; failure: StandInFailure }[] = [];

  const refundsOf = (paymentId: string) => [...refunds.values()].filter((r) => r.payment_id === paymentId);
  // A failed refund gave the money back; a pending one holds it.
  const refunded = (paymentId: string) =>
    refundsOf(paymentId)
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);

  function settleRefunds(payment: StandInPayment) {
    payment.amount_refunded = refunded(payment.id);
    const full = payment.amount_refunded >= payment.amount;
    payment.refund_status = payment.amount_refunded === 0 ? null : full ? 'full' : 'partial';
    payment.status = full ? 'refunded' : 'captured';
  }

  function createOrder(b: Record<string, unknown>): Answer {
    const issue = amountIssue(b.amount);
    if (issue) return issue;
    if (typeof b.currency !== 'string' || !b.currency) return refusal('The currency field is required.', 'currency');
    if (b.receipt !== undefined && (typeof b.receipt !== 'string' || b.receipt.length > 40))
      return refusal('The receipt may not be greater than 40 characters.', 'receipt');
    const amount = b.amount as number;
    const order: StandInOrder = {
      id: rzpId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: b.currency,
      receipt: (b.receipt as string | undefined) ?? null,
      status: 'created',
      attempts: 0,
      notes: [],
      created_at: now(),
    };
    orders.set(order.id, order);
    return { status: 200, body: order };
  }

  function createRefund(payment: StandInPayment, b: Record<string, unknown>): Answer {
    const left = payment.amount - refunded(payment.id);
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      return refusal('The payment has not been captured', 'payment_id');
    if (left <= 0) return refusal('The payment has been fully refunded already');
    // Without an amount, Razorpay refunds what is left.
    const amount = b.amount ?? left;
    const issue = amountIssue(amount);
    if (issue) return issue;
    if ((amount as number) > left) return refusal('The refund amount provided is greater than amount captured', 'amount');
    if (b.receipt !== undefined && b.receipt !== null && typeof b.receipt !== 'string') return refusal('The receipt must be a string.', 'receipt');
    const refund: StandInRefund = {
      id: rzpId('rfnd'),
      entity: 'refund',
      amount: amount as number,
      currency: payment.currency,
      payment_id: payment.id,
      notes: [],
      receipt: (b.receipt as string | undefined) ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: typeof b.speed === 'string' ? b.speed : 'normal',
    };
    refunds.set(refund.id, refund);
    settleRefunds(payment);
    return { status: 200, body: refund };
  }

  function listRefunds(paymentId: string, query: Record<string, string>): Answer {
    const count = Number(query.count ?? 10);
    const skip = Number(query.skip ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 100) return refusal('The count must be between 1 and 100.', 'count');
    if (!Number.isInteger(skip) || skip < 0) return refusal('The skip must be at least 0.', 'skip');
    // Newest first, as Razorpay lists.
    const items = refundsOf(paymentId).reverse().slice(skip, skip + count);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  /** Does what the request asks and says what to answer, as Razorpay's reference does. */
  function handle({ method, path, query, body }: ReceivedRequest): Answer {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const parts = path.split('/').slice(1).map(decoded);
    if (parts.includes(undefined)) return refusal('The requested URL was not found on the server.');
    const [v1, collectionName, id, sub, subId, ...rest] = parts;
    if (v1 !== 'v1' || rest.length) return refusal('The requested URL was not found on the server.');

    if (collectionName === 'orders') {
      if (method === 'POST' && id === undefined) return createOrder(b);
      const order = id === undefined ? undefined : orders.get(id);
      if (method === 'GET' && sub === 'payments' && subId === undefined) {
        if (!order) return refusal(NO_SUCH_ID);
        const items = [...payments.values()].filter((p) => p.order_id === order.id);
        return { status: 200, body: { entity: 'collection', count: items.length, items } };
      }
    }

    if (collectionName === 'payments' && id !== undefined) {
      const payment = payments.get(id);
      if (method === 'POST' && sub === 'refund' && subId === undefined) return payment ? createRefund(payment, b) : refusal(NO_SUCH_ID);
      if (method === 'GET' && sub === 'refunds' && subId === undefined) return payment ? listRefunds(payment.id, query) : refusal(NO_SUCH_ID);
      if (method === 'GET' && sub === 'refunds' && subId !== undefined) {
        const refund = refunds.get(subId);
        return payment && refund?.payment_id === payment.id ? { status: 200, body: refund } : refusal(NO_SUCH_ID);
      }
    }

    return refusal('The requested URL was not found on the server.');
  }

  function takeFailure(path: string): StandInFailure | undefined {
    const at = failures.findIndex((f) => (typeof f.path === 'string' ? f.path === path : f.path.test(path)));
    return at < 0 ? undefined : failures.splice(at, 1)[0]!.failure;
  }

  function answer(received: ReceivedRequest, res: ServerResponse) {
    const failure = takeFailure(received.path);
    if (failure && 'status' in failure) {
      json(res, failure.status, failure.body ?? refusal(failure.description ?? `Stand-in failure ${failure.status}`, undefined, failure.status).body);
      return;
    }
    if (received.headers.authorization !== basic) {
      json(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
      return;
    }
    const reply = handle(received);
    // A hanging request is never answered: the client's timeout or close() ends it.
    if (!failure) json(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => {
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text || undefined;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test sees what was sent
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(received);
      answer(received, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    keyId,
    keySecret,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    order: (id) => orders.get(id),
    payment: (id) => payments.get(id),
    refunds: refundsOf,
    capture(orderId, amountPaise, status = 'captured') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the stand-in holds no order ${orderId}`);
      const payment: StandInPayment = {
        id: rzpId('pay'),
        entity: 'payment',
        amount: amountPaise,
        currency: order.currency,
        status,
        order_id: order.id,
        method: 'card',
        amount_refunded: 0,
        refund_status: null,
        captured: status === 'captured',
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts++;
      if (payment.captured) {
        order.amount_paid += amountPaise;
        order.amount_due = Math.max(0, order.amount - order.amount_paid);
      }
      order.status = order.amount_due === 0 ? 'paid' : 'attempted';
      return payment.id;
    },
    setRefundStatus(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`the stand-in holds no refund ${refundId}`);
      refund.status = status;
      settleRefunds(payments.get(refund.payment_id)!);
    },
    failNext(path, failure) {
      failures.push({ path, failure });
    },
    reset() {
      orders.clear();
      payments.clear();
      refunds.clear();
      failures.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
