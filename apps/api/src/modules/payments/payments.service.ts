import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { rupeesToPaise, type OrderBody, type PaymentInitiation, type PaymentVerifyBody } from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../../db/client.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { idempotencyKeys } from '../orders/orders.table.ts';
import { cancelReservation, checkout, settlePaidOrder, type Settlement } from '../orders/orders.service.ts';
import type { PaymentProvider } from './provider.ts';
import { payments } from './payments.table.ts';

type PaymentRow = typeof payments.$inferSelect;

function initiation(p: PaymentRow, provider: PaymentProvider): PaymentInitiation {
  return { paymentId: p.providerOrderId, razorpayID: provider.keyId, orderId: p.orderId, amount: p.amountPaise, currency: 'INR' };
}

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
  opts: { expiryMs: number; idempotencyKey?: string | undefined; log?: (err: unknown) => void },
): Promise<PaymentInitiation> {
  const reservedUntil = new Date(Date.now() + opts.expiryMs);
  const idempotency = opts.idempotencyKey ? { scope: `payment:${userId}`, key: opts.idempotencyKey } : undefined;
  const { order, replayed } = await checkout(db, userId, body, { method: 'card', reservedUntil }, idempotency);
  if (replayed) {
    const [existing] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    if (!existing) throw conflict('Your payment is being set up. Please try again.');
    return initiation(existing, provider);
  }
  const amountPaise = rupeesToPaise(order.totalAmount);
  let providerOrderId: string;
  try {
    providerOrderId = (await provider.createOrder({ amountPaise, currency: 'INR', receipt: `order_${order.id}` })).id;
  } catch (err) {
    opts.log?.(err);
    await cancelReservation(db, order.id);
    throw new HttpError(502, 'Card payment could not be started. Please try again.');
  }
  const [row] = await db
    .insert(payments)
    .values({ orderId: order.id, provider: provider.name, providerOrderId, amountPaise, currency: 'INR' })
    .returning();
  return initiation(row!, provider);
}

/**
 * Marks the provider order's order paid inside the caller's transaction; exactly once. `paid` is
 * what the provider says was paid (the webhook's amount), or, for the browser's signed callback,
 * the amount the provider order was created for; either must equal the order's total.
 */
async function settle(tx: Tx, providerOrderId: string, providerPaymentId: string | undefined, paid?: { amountPaise: number; currency: string }): Promise<Settlement> {
  const [payment] = await tx.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  if (!payment) throw notFound('Payment not found');
  const result = await settlePaidOrder(tx, payment.orderId, paid ?? { amountPaise: payment.amountPaise, currency: payment.currency });
  if (result.changed) {
    await tx
      .update(payments)
      .set({ status: 'paid', providerPaymentId: providerPaymentId ?? null, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }
  return result;
}

/** DESIGN §3 Payments step 3: the browser's callback, trusted only through the provider's signature. */
export async function verifyPayment(db: Db, provider: PaymentProvider, body: PaymentVerifyBody): Promise<Settlement> {
  const valid = provider.verifyPaymentSignature({ orderId: body.razorpay_order_id, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature });
  if (!valid) throw badRequest('Payment verification failed');
  return retryTransient(() => db.transaction((tx) => settle(tx, body.razorpay_order_id, body.razorpay_payment_id)));
}

const amountPaise = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();
const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) }).optional();
const webhookEventSchema = z.object({
  id: z.string().max(100).optional(),
  event: z.string().max(100),
  payload: z
    .object({
      payment: entity({ id: z.string().max(100), order_id: z.string().max(100).nullish(), amount: amountPaise, currency: z.string().max(10).optional() }),
      order: entity({ id: z.string().max(100), amount_paid: amountPaise, currency: z.string().max(10).optional() }),
    })
    .default({}),
});

/** `settled`: this event paid the order; `already-paid`: it was paid before; the rest change nothing. */
export type WebhookOutcome = { outcome: 'duplicate' | 'ignored' } | ({ outcome: 'settled' | 'already-paid' } & Settlement);

/**
 * DESIGN §3 Payments step 4: the provider tells the server directly, so a closed browser loses
 * nothing. The signature covers the raw body; each event id is handled once (recorded in the same
 * transaction as its effect, so a failed attempt is retried by the provider, not lost).
 */
export async function handleWebhook(db: Db, provider: PaymentProvider, rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookOutcome> {
  if (!signature || !provider.verifyWebhookSignature(rawBody, signature)) throw badRequest('Invalid webhook signature');
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('Invalid webhook body');
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) throw badRequest('Invalid webhook body');
  const event = parsed.data;
  const eventId = (eventIdHeader || event.id || createHash('sha256').update(rawBody).digest('hex')).slice(0, 100);
  const providerOrderId = event.payload.order?.entity.id ?? event.payload.payment?.entity.order_id ?? undefined;
  if ((event.event !== 'payment.captured' && event.event !== 'order.paid') || !providerOrderId) return { outcome: 'ignored' };
  // What the provider says was paid: an event that does not say settles nothing.
  const { order: paidOrder, payment: paidPayment } = event.payload;
  const [amountPaise, currency] =
    event.event === 'order.paid' ? [paidOrder?.entity.amount_paid, paidOrder?.entity.currency] : [paidPayment?.entity.amount, paidPayment?.entity.currency];
  if (amountPaise === undefined || currency === undefined) throw badRequest('Payment amount does not match the order');
  const paid = { amountPaise, currency };

  return retryTransient(() => db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx.insert(idempotencyKeys).values({ scope: 'webhook', key: eventId }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (!fresh) return { outcome: 'duplicate' };
    const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerOrderId, providerOrderId));
    // Another shop's order on a shared account, or one long gone: acknowledged so it is not resent.
    if (!known) return { outcome: 'ignored' };
    const result = await settle(tx, providerOrderId, event.payload.payment?.entity.id, paid);
    await tx
      .update(idempotencyKeys)
      .set({ orderId: result.order.id })
      .where(and(eq(idempotencyKeys.scope, 'webhook'), eq(idempotencyKeys.key, eventId)));
    return { outcome: result.changed ? 'settled' : 'already-paid', ...result };
  }));
}
