import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { formatRupees, paiseToRupees, rupeesToPaise, type Refund } from '@shop/shared';
import { retryTransient, type Db, type DbOrTx, type Tx } from '../db/client.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { lockOrder } from '../modules/orders/orders.service.ts';
import type { OrderRow } from '../modules/orders/orders.queries.ts';
import { ProviderRefused, type PaymentProvider, type ProviderRefund } from '../modules/payments/provider.ts';
import { payments } from '../modules/payments/payments.table.ts';
import { refunds } from '../modules/returns/returns.table.ts';
import { toRefund, type RefundRow } from '../modules/returns/returns.service.ts';
import { claimKey } from './idempotency.ts';

// Decision 043: the refund's row (with its unique receipt) is written before the provider is called,
// outside any transaction; a lease keeps two processes from asking at once; the receipt lets a retry
// find the refund an earlier attempt made.
const LEASE_MS = 120_000;

/** What the shopper paid for the order and how: the card payment, or the cash collected on delivery. */
export async function paidFor(tx: DbOrTx, order: OrderRow): Promise<{ paise: number; paymentId: number | null }> {
  if (order.paymentMethod === 'card') {
    const [p] = await tx
      .select({ id: payments.id, amountPaise: payments.amountPaise })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['paid', 'refund_due'])));
    return p ? { paise: p.amountPaise, paymentId: p.id } : { paise: 0, paymentId: null };
  }
  const collected = order.cashCollectedAt !== null || order.status === 'delivered';
  return { paise: collected ? order.totalAmountPaise : 0, paymentId: null };
}

/** Refunded or on its way: every refund but a failed one counts against what was paid. */
export async function refundedPaise(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.sum ?? 0);
}

/** In the caller's transaction, with the order locked: never more than was paid and not yet refunded. */
export async function openRefund(
  tx: Tx,
  order: OrderRow,
  input: { amountPaise: number; returnId: number | null; receipt: string },
): Promise<RefundRow> {
  const paid = await paidFor(tx, order);
  const owed = paid.paise - (await refundedPaise(tx, order.id));
  if (input.amountPaise > owed)
    throw conflict(owed <= 0 ? 'This order is refunded already' : `At most ${formatRupees(paiseToRupees(owed))} can be refunded`);
  const method = order.paymentMethod === 'card' && paid.paymentId !== null ? 'original' : 'transfer';
  const [row] = await tx
    .insert(refunds)
    .values({ orderId: order.id, returnId: input.returnId, paymentId: paid.paymentId, method, amountPaise: input.amountPaise, receipt: input.receipt })
    .returning();
  return row!;
}

export type RefundSettled = (tx: Tx, refund: RefundRow) => Promise<void>;

/** Sends an `original` refund to the provider; safe to call again, from any process, at any time. */
export async function runRefund(db: Db, provider: PaymentProvider, id: number, settled: RefundSettled): Promise<RefundRow> {
  const [claimed] = await db
    .update(refunds)
    .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.method, 'original'),
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        or(isNull(refunds.leaseUntil), lt(refunds.leaseUntil, new Date())),
      ),
    )
    .returning();
  if (!claimed) return refundRow(db, id);
  const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId ?? 0));
  let answer: ProviderRefund;
  try {
    if (!payment?.providerPaymentId) throw new ProviderRefused('The payment has no provider payment id', 400);
    answer = await provider.refund({ paymentId: payment.providerPaymentId, amountPaise: claimed.amountPaise, receipt: claimed.receipt });
  } catch (err) {
    if (!(err instanceof ProviderRefused)) {
      // Unknown outcome: the reconciliation asks again with the same receipt once the lease ends.
      await db.update(refunds).set({ failure: String(err).slice(0, 300), leaseUntil: null }).where(eq(refunds.id, id));
      return refundRow(db, id);
    }
    return settleRefund(db, id, { status: 'failed', providerRefundId: null, failure: err.message.slice(0, 300) }, settled);
  }
  return settleRefund(db, id, { status: answer.status, providerRefundId: answer.id, failure: null }, settled);
}

async function refundRow(db: DbOrTx, id: number): Promise<RefundRow> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw notFound('Refund not found');
  return row;
}

/** Records the provider's word; a refund processed once stays processed (webhooks arrive in any order). */
async function settleRefund(
  db: Db,
  id: number,
  outcome: { status: RefundRow['status']; providerRefundId: string | null; failure: string | null },
  settled: RefundSettled,
): Promise<RefundRow> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
      if (!row) throw notFound('Refund not found');
      return applyOutcome(tx, row, outcome, settled);
    }),
  );
}

async function applyOutcome(
  tx: Tx,
  row: RefundRow,
  outcome: { status: RefundRow['status']; providerRefundId: string | null; failure: string | null },
  settled: RefundSettled,
): Promise<RefundRow> {
  if (row.status !== 'pending') return row;
  const [updated] = await tx
    .update(refunds)
    .set({
      status: outcome.status,
      providerRefundId: outcome.providerRefundId ?? row.providerRefundId,
      failure: outcome.failure,
      leaseUntil: null,
      processedAt: outcome.status === 'processed' ? new Date() : null,
    })
    .where(eq(refunds.id, row.id))
    .returning();
  if (updated!.status !== 'pending') await settled(tx, updated!);
  return updated!;
}

/** The owner paid a transfer by hand (UPI or bank) and gives its reference. */
export async function markTransferDone(tx: Tx, row: RefundRow, reference: string, settled: RefundSettled): Promise<RefundRow> {
  if (row.method !== 'transfer') throw conflict('This refund goes back to the card or UPI payment by itself');
  if (row.status !== 'pending') throw conflict('This refund is settled already');
  const [updated] = await tx
    .update(refunds)
    .set({ status: 'processed', reference, processedAt: new Date() })
    .where(eq(refunds.id, row.id))
    .returning();
  await settled(tx, updated!);
  return updated!;
}

/** `PATCH /api/refunds/{id}`: the owner paid a transfer; the refund's row is locked while it is marked. */
export async function markRefundPaid(db: Db, id: number, reference: string, settled: RefundSettled): Promise<Refund> {
  const row = await retryTransient(() =>
    db.transaction(async (tx) => {
      const [found] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
      if (!found) throw notFound('Refund not found');
      return markTransferDone(tx, found, reference, settled);
    }),
  );
  return toRefund(row);
}

/**
 * `POST /api/orders/{id}/refunds`: a cancelled (or returned-to-origin) order the shopper paid for online,
 * including one paid after the shop had cancelled it. No amount: what is still owed.
 */
export async function refundCancelledOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  amountRupees: number | undefined,
  settled: RefundSettled,
): Promise<Refund> {
  const row = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order } = await lockOrder(tx, orderId, false);
      if (order.status !== 'cancelled') throw conflict('Only a cancelled order is refunded whole; a delivered one is refunded through a return');
      const paid = await paidFor(tx, order);
      if (paid.paymentId === null) throw conflict('Nothing was paid online for this order');
      const owed = paid.paise - (await refundedPaise(tx, order.id));
      if (owed <= 0) throw conflict('This order is refunded already');
      const amountPaise = amountRupees === undefined ? owed : rupeesToPaise(amountRupees);
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, order.id));
      return openRefund(tx, order, { amountPaise, returnId: null, receipt: `order-${order.id}-${Number(n) + 1}` });
    }),
  );
  return toRefund(await runRefund(db, provider, row.id, settled));
}

export type RefundEvent = { eventId: string; refundId: string; receipt: string | null; status: 'processed' | 'failed' };

/**
 * Razorpay's `refund.processed` / `refund.failed`: claimed by event id in the settling transaction,
 * so a replay changes nothing. A refund this shop never asked for is a 404.
 */
export async function applyRefundEvent(db: Db, event: RefundEvent, settled: RefundSettled): Promise<'settled' | 'duplicate'> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      // By our receipt too: the provider's webhook can come before its answer to our call is recorded.
      const byReceipt = event.receipt ? eq(refunds.receipt, event.receipt) : undefined;
      const [row] = await tx.select().from(refunds).where(or(eq(refunds.providerRefundId, event.refundId), byReceipt)).for('update');
      if (!row) throw notFound('Refund not found');
      if (!(await claimKey(tx, { scope: 'webhook', key: event.eventId }))) return 'duplicate';
      await applyOutcome(tx, row, { status: event.status, providerRefundId: event.refundId, failure: event.status === 'failed' ? 'The provider reported the refund failed' : null }, settled);
      return 'settled';
    }),
  );
}

/**
 * Every 15 minutes (decision 043): refunds whose outcome is unknown are sent again (same receipt),
 * refunds the provider is still processing are asked about.
 */
export async function reconcileRefunds(db: Db, provider: PaymentProvider, settled: RefundSettled, olderThanMs = 60_000): Promise<number> {
  const stale = new Date(Date.now() - olderThanMs);
  const open = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), eq(refunds.method, 'original'), lt(refunds.createdAt, stale)))
    .limit(100);
  for (const row of open) {
    if (!row.providerRefundId) {
      await runRefund(db, provider, row.id, settled);
      continue;
    }
    const [payment] = await db.select({ pid: payments.providerPaymentId }).from(payments).where(eq(payments.id, row.paymentId ?? 0));
    try {
      const now = await provider.fetchRefund(payment?.pid ?? '', row.providerRefundId);
      if (now.status !== 'pending') await settleRefund(db, row.id, { status: now.status, providerRefundId: now.id, failure: now.status === 'failed' ? 'The provider reported the refund failed' : null }, settled);
    } catch {
      // Asked again at the next round.
    }
  }
  return open.length;
}

