import type { OrderBody, PaymentInitiation, PaymentVerifyBody } from '@shop/shared';
import { rupeesToPaise } from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { HttpError, badRequest, conflict } from '../lib/errors.ts';
import type { PaymentProvider } from '../modules/payments/provider.ts';
import {
  initiation,
  insertPayment,
  paymentOfOrder,
  paymentOfProviderOrder,
  readWebhook,
} from '../modules/payments/payments.service.ts';
import { checkout, type PlacedHook } from './checkout.ts';
import { withDocumentNumbers } from '../modules/orders/orders.queries.ts';
import { claimKey, recordOrder } from './idempotency.ts';
import { cancelReservation } from './reservations.ts';
import { settleProviderOrder, type Settlement } from './settlement.ts';

/**
 * DESIGN §3 Payments step 1: the order is built from the cart and its stock reserved (one
 * transaction, hidden until paid); then the provider order is created for the server's amount.
 * The provider call is outside the transaction so no stock row stays locked during a network
 * call; if it fails, the reservation is undone at once.
 */
export async function initiatePayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  body: OrderBody,
  opts: {
    expiryMs: number;
    idempotencyKey?: string | undefined;
    log?: (err: unknown) => void;
    /** Runs in the reservation's transaction, after its stock is taken (the low-stock alert, issue 16). */
    onPlaced?: PlacedHook;
  },
): Promise<PaymentInitiation> {
  const reservedUntil = new Date(Date.now() + opts.expiryMs);
  const idempotency = opts.idempotencyKey
    ? { scope: `payment:${userId}`, key: opts.idempotencyKey }
    : undefined;
  const { order, replayed } = await checkout(
    db,
    userId,
    body,
    { method: 'card', reservedUntil },
    idempotency,
    opts.onPlaced,
  );
  if (replayed) {
    const existing = await paymentOfOrder(db, order.id);
    if (!existing) throw conflict('Your payment is being set up. Please try again.');
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
    await insertPayment(db, { orderId: order.id, provider: provider.name, providerOrderId, amountPaise }),
    provider,
  );
}

/** DESIGN §3 Payments step 3: the browser's callback, trusted only through the provider's signature. */
/** Runs in the settling transaction when the payment changed the order (its mail is enqueued there). */
export type OnSettled = (tx: Tx, settlement: Settlement) => Promise<void>;

export async function verifyPayment(
  db: Db,
  provider: PaymentProvider,
  body: PaymentVerifyBody,
  onSettled?: OnSettled,
): Promise<Settlement> {
  const valid = provider.verifyPaymentSignature({
    orderId: body.razorpay_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!valid) throw badRequest('Payment verification failed');
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const result = await settleProviderOrder(tx, body.razorpay_order_id, body.razorpay_payment_id);
      if (result.changed) await onSettled?.(tx, result);
      return result;
    }),
  );
  return committed(db, result);
}

/** A settlement as committed: the invoice it issued has its number now (decision 027). */
async function committed<S extends Settlement>(db: Db, result: S): Promise<S> {
  return result.changed ? { ...result, order: await withDocumentNumbers(db, result.order) } : result;
}

/** `settled`: this event paid the order; `already-paid`: it was paid before; the rest change nothing. */
export type WebhookOutcome =
  { outcome: 'duplicate' | 'ignored' } | ({ outcome: 'settled' | 'already-paid' } & Settlement);

/**
 * DESIGN §3 Payments step 4: the provider tells the server directly, so a closed browser loses
 * nothing. Each event id is handled once (recorded in the same transaction as its effect, so a
 * failed attempt is retried by the provider, not lost).
 */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
  onSettled?: OnSettled,
): Promise<WebhookOutcome> {
  const event = readWebhook(provider, rawBody, signature, eventIdHeader);
  if (event.kind === 'ignored') return { outcome: 'ignored' };
  const key = { scope: 'webhook', key: event.eventId };
  const outcome = await retryTransient(() =>
    db.transaction(async (tx): Promise<WebhookOutcome> => {
      if (!(await claimKey(tx, key))) return { outcome: 'duplicate' };
      // Another shop's order on a shared account, or one long gone: acknowledged so it is not resent.
      if (!(await paymentOfProviderOrder(tx, event.providerOrderId))) return { outcome: 'ignored' };
      const result = await settleProviderOrder(
        tx,
        event.providerOrderId,
        event.providerPaymentId,
        event.paid,
      );
      await recordOrder(tx, key, result.order.id);
      if (result.changed) await onSettled?.(tx, result);
      return { outcome: result.changed ? 'settled' : 'already-paid', ...result };
    }),
  );
  return 'order' in outcome ? committed(db, outcome) : outcome;
}
