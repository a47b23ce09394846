import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentInitiation } from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { orders } from '../orders/orders.table.ts';
import { payments } from './payments.table.ts';

export type PaymentRow = typeof payments.$inferSelect;

export function initiation(p: PaymentRow, provider: PaymentProvider): PaymentInitiation {
  return { paymentId: p.providerOrderId, razorpayID: provider.keyId, orderId: p.orderId, amount: p.amountPaise, currency: 'INR' };
}

export async function insertPayment(db: DbOrTx, p: { orderId: number; provider: string; providerOrderId: string; amountPaise: number }): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values({ ...p, currency: 'INR' }).returning();
  return row!;
}

export async function paymentOfOrder(db: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function paymentOfProviderOrder(db: DbOrTx, providerOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  return row;
}

export async function isShoppersPayment(db: DbOrTx, providerOrderId: string, userId: number): Promise<boolean> {
  const [mine] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.providerOrderId, providerOrderId), eq(orders.userId, userId)));
  return mine !== undefined;
}

export async function markPaymentPaid(tx: Tx, id: number, providerPaymentId: string | undefined): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', providerPaymentId: providerPaymentId ?? null, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** Money captured for a cancelled order stays on record to be refunded. */
export async function markPaymentRefundDue(tx: Tx, id: number, providerPaymentId: string | undefined): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'refund_due', providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${providerPaymentId ?? null})`, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** Card payments not settled, made between `since` and `before`: the reconciliation's to ask about. */
export async function unsettledPayments(db: DbOrTx, before: Date, since: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['awaiting', 'expired']), lt(payments.createdAt, before), gt(payments.createdAt, since)))
    .limit(200);
}

export async function expirePayments(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'awaiting')));
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
      refund: entity({ id: z.string().max(100), payment_id: z.string().max(100).optional(), receipt: z.string().max(100).nullish() }),
    })
    .default({}),
});

type PaidEvent =
  | { kind: 'ignored' }
  | { kind: 'refund'; eventId: string; refundId: string; receipt: string | null; status: 'processed' | 'failed' }
  | { kind: 'paid'; eventId: string; providerOrderId: string; providerPaymentId: string | undefined; paid: { amountPaise: number; currency: string } };

/** docs/product.md, Card payments, step 4: the signature covers the raw body. */
export function readWebhook(provider: PaymentProvider, rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): PaidEvent {
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
  const { order, payment, refund } = event.payload;
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    if (!refund) throw badRequest('Invalid webhook body');
    return { kind: 'refund', eventId, refundId: refund.entity.id, receipt: refund.entity.receipt ?? null, status: event.event === 'refund.processed' ? 'processed' : 'failed' };
  }
  const providerOrderId = order?.entity.id ?? payment?.entity.order_id ?? undefined;
  if ((event.event !== 'payment.captured' && event.event !== 'order.paid') || !providerOrderId) return { kind: 'ignored' };
  const [amount, currency] = event.event === 'order.paid' ? [order?.entity.amount_paid, order?.entity.currency] : [payment?.entity.amount, payment?.entity.currency];
  if (amount === undefined || currency === undefined) throw badRequest('Payment amount does not match the order');
  return { kind: 'paid', eventId, providerOrderId, providerPaymentId: payment?.entity.id, paid: { amountPaise: amount, currency } };
}
