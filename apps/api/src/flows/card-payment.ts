import type { OrderBody, PaymentInitiation, PaymentVerifyBody } from '@shop/shared';
import { rupeesToPaise } from '@shop/shared';
import { retryTransient, type Db } from '../db/client.ts';
import { HttpError, badRequest, conflict, notFound } from '../lib/errors.ts';
import type { PaymentProvider } from '../modules/payments/provider.ts';
import {
  initiation,
  insertPayment,
  paymentOfOrder,
  type PaymentRow,
  paymentOfProviderOrder,
  readWebhook,
  unsettledPayments,
} from '../modules/payments/payments.service.ts';
import { checkout, type Shopper } from './checkout.ts';
import type { Effects } from './effects.ts';
import { withDocumentNumbers } from '../modules/orders/orders.queries.ts';
import { lockOrder } from '../modules/orders/orders.service.ts';
import { claimKey, recordOrder } from './idempotency.ts';
import { cancelReservation } from './reservations.ts';
import { settlePayment, type RefundDue, type Settlement } from './settlement.ts';
import { applyRefundEvent } from './refunds.ts';
import { refundSettled } from './returns.ts';

// Decision 004: the provider is called outside the transaction, so no stock row stays locked over the network.
export async function initiatePayment(
  db: Db,
  fx: Effects,
  provider: PaymentProvider,
  shopper: Shopper,
  body: OrderBody,
  opts: {
    expiryMs: number;
    idempotencyKey?: string | undefined;
    log?: (err: unknown) => void;
  },
): Promise<PaymentInitiation> {
  const reservedUntil = new Date(Date.now() + opts.expiryMs);
  const idempotency = opts.idempotencyKey
    ? { scope: `payment:${shopper.id}`, key: opts.idempotencyKey }
    : undefined;
  const { order, replayed } = await checkout(db, fx, shopper, body, { method: 'card', reservedUntil }, idempotency);
  fx.jobs.wake('mail');
  if (replayed) {
    const existing = await paymentOfOrder(db, order.id);
    if (!existing) throw conflict(order.status === 'cancelled' ? CHECKOUT_REPLACED : 'Your payment is being set up. Please try again.');
    return initiation(existing, provider);
  }
  const amountPaise = rupeesToPaise(order.totalAmount);
  let providerOrderId: string;
  try {
    providerOrderId = (
      await provider.createOrder({ amountPaise, currency: 'INR', receipt: `order_${order.id}` })
    ).id;
  } catch (err) {
    opts.log?.(err);
    await cancelReservation(db, order.id);
    throw new HttpError(502, 'Card payment could not be started. Please try again.');
  }
  return initiation(
    await openPayment(db, { orderId: order.id, provider: provider.name, providerOrderId, amountPaise }),
    provider,
  );
}

export const CHECKOUT_REPLACED = 'A newer checkout of your cart replaced this payment. Please pay for the newer one.';
export const PAID_AFTER_CANCEL = 'This order was cancelled before the payment arrived. The payment will be refunded.';

async function openPayment(db: Db, payment: Parameters<typeof insertPayment>[1]): Promise<PaymentRow> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      const { order } = await lockOrder(tx, payment.orderId, false);
      if (order.status !== 'pending' || order.paymentStatus !== 'awaiting') throw conflict(CHECKOUT_REPLACED);
      return insertPayment(tx, payment);
    }),
  );
}

export async function verifyPayment(db: Db, fx: Effects, provider: PaymentProvider, body: PaymentVerifyBody): Promise<Settlement> {
  const valid = provider.verifyPaymentSignature({
    orderId: body.razorpay_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!valid) throw badRequest('Payment verification failed');
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const payment = await paymentOfProviderOrder(tx, body.razorpay_order_id);
      if (!payment) throw notFound('Payment not found');
      return settlePayment(tx, fx, payment, body.razorpay_payment_id);
    }),
  );
  fx.jobs.wake('mail');
  // Refused only once committed: a throw inside the transaction would roll back the refund's record.
  if ('refundDue' in result) throw conflict(PAID_AFTER_CANCEL);
  return withCommittedInvoiceNumber(db, result);
}

async function withCommittedInvoiceNumber<S extends Settlement>(db: Db, result: S): Promise<S> {
  return result.changed ? { ...result, order: await withDocumentNumbers(db, result.order) } : result;
}

export type WebhookOutcome =
  { outcome: 'duplicate' | 'ignored' | 'refund' } | ({ outcome: 'settled' | 'already-paid' } & Settlement);

// Decision 004: the event id is claimed in the settling transaction, so a failed attempt is retried, not lost.
export async function handleWebhook(
  db: Db,
  fx: Effects,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  const event = readWebhook(provider, rawBody, signature, eventIdHeader);
  if (event.kind === 'ignored') return { outcome: 'ignored' };
  if (event.kind === 'refund') {
    const done = await applyRefundEvent(db, event, refundSettled(fx));
    fx.jobs.wake('mail');
    return { outcome: done === 'duplicate' ? 'duplicate' : 'refund' };
  }
  const key = { scope: 'webhook', key: event.eventId };
  const outcome = await retryTransient(() =>
    db.transaction(async (tx): Promise<WebhookOutcome | RefundDue> => {
      if (!(await claimKey(tx, key))) return { outcome: 'duplicate' };
      const payment = await paymentOfProviderOrder(tx, event.providerOrderId);
      if (!payment) return { outcome: 'ignored' };
      const result = await settlePayment(tx, fx, payment, event.providerPaymentId, event.paid);
      if ('refundDue' in result) {
        await recordOrder(tx, key, result.orderId);
        return result;
      }
      await recordOrder(tx, key, result.order.id);
      return { outcome: result.changed ? 'settled' : 'already-paid', ...result };
    }),
  );
  fx.jobs.wake('mail');
  if ('refundDue' in outcome) throw conflict(PAID_AFTER_CANCEL);
  return 'order' in outcome ? withCommittedInvoiceNumber(db, outcome) : outcome;
}

const RECONCILE_AFTER_MS = 10 * 60_000;
const RECONCILE_FOR_MS = 48 * 60 * 60_000;

/**
 * Decision 043: every 15 minutes, card payments we have not heard settle (no verify, no webhook) are
 * asked about, so none stays paid-but-unconfirmed for long. A capture for an order cancelled since is
 * recorded as owed back, as a late webhook's is.
 */
export async function reconcilePayments(db: Db, fx: Effects, provider: PaymentProvider, now = new Date()): Promise<number> {
  if (provider.name === 'none') return 0;
  const open = await unsettledPayments(db, new Date(now.getTime() - RECONCILE_AFTER_MS), new Date(now.getTime() - RECONCILE_FOR_MS));
  let settled = 0;
  for (const payment of open) {
    let captured;
    try {
      captured = (await provider.orderPayments(payment.providerOrderId)).find((p) => p.status === 'captured');
    } catch {
      continue; // asked again at the next round
    }
    if (!captured) continue;
    await retryTransient(() =>
      db.transaction(async (tx) => {
        const fresh = await paymentOfProviderOrder(tx, payment.providerOrderId);
        if (!fresh || (fresh.status !== 'awaiting' && fresh.status !== 'expired')) return;
        await settlePayment(tx, fx, fresh, captured.id, { amountPaise: captured.amountPaise, currency: captured.currency });
      }),
    );
    settled += 1;
  }
  fx.jobs.wake('mail');
  return settled;
}
