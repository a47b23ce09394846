import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  maskRefundTo,
  paiseToRupees,
  sizeText,
  soldSizeText,
  type Refund,
  type ReturnItem,
  type ReturnRequest,
  type ReturnStatus,
} from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { taxDocuments } from '../invoices/invoices.table.ts';
import { orderItems, orders, orderStatusHistory } from '../orders/orders.table.ts';
import { refunds, returnEvents, returnItems, returns } from './returns.table.ts';

export type ReturnRow = typeof returns.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export const RETURNS_PER_PAGE = 20;

export function toRefund(r: RefundRow): Refund {
  return {
    id: r.id,
    orderId: r.orderId,
    returnId: r.returnId,
    amount: paiseToRupees(r.amountPaise),
    amountPaise: r.amountPaise,
    method: r.method,
    status: r.status,
    reference: r.providerRefundId ?? r.reference,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

/** The requests as the order page and the Returns screen show them, in five queries for any number. */
export async function returnViews(db: DbOrTx, rows: ReturnRow[], forStaff: boolean): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after another: inside a transaction they share one connection.
  const items = await db
      .select({ item: returnItems, sold: orderItems })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids))
    .orderBy(asc(returnItems.id));
  const events = await db.select().from(returnEvents).where(inArray(returnEvents.returnId, ids)).orderBy(asc(returnEvents.id));
  const refundRows = await db.select().from(refunds).where(inArray(refunds.returnId, ids)).orderBy(desc(refunds.id));
  const notes = await db
    .select({ id: taxDocuments.id, number: taxDocuments.number, issuedAt: taxDocuments.issuedAt, totalPaise: taxDocuments.totalPaise })
    .from(taxDocuments)
    .where(inArray(taxDocuments.id, rows.map((r) => r.creditNoteId).filter((n): n is number => n !== null).concat(0)));
  const owners = forStaff
    ? await db
        .select({ id: orders.id, name: sql<string>`${orders.selectedAddress}->>'name'`, method: orders.paymentMethod })
        .from(orders)
        .where(inArray(orders.id, rows.map((r) => r.orderId)))
    : [];
  return rows.map((r): ReturnRequest => {
    const note = notes.find((n) => n.id === r.creditNoteId);
    const refund = refundRows.find((f) => f.returnId === r.id);
    const owner = owners.find((o) => o.id === r.orderId);
    return {
      id: r.id,
      orderId: r.orderId,
      status: r.status,
      items: items.filter((i) => i.item.returnId === r.id).map(({ item, sold }) => toReturnItem(item, sold)),
      refundTo: r.refundTo && (forStaff ? r.refundTo : maskRefundTo(r.refundTo)),
      pickup: r.pickup,
      rejectReason: r.rejectReason,
      restocked: r.restocked,
      refundAmount: paiseToRupees(r.refundPaise),
      refundAmountPaise: r.refundPaise,
      collectAmount: paiseToRupees(r.collectPaise),
      creditNote: note ? { id: note.id, number: note.number ?? '', issuedAt: note.issuedAt.toISOString(), total: paiseToRupees(note.totalPaise) } : null,
      refund: refund ? toRefund(refund) : null,
      exchangeOrderId: r.exchangeOrderId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      events: events.filter((e) => e.returnId === r.id).map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
      ...(owner && { customerName: owner.name, paymentMethod: owner.method }),
    };
  });
}

function toReturnItem(item: typeof returnItems.$inferSelect, sold: typeof orderItems.$inferSelect): ReturnItem {
  const unit = sold.product.sizeUnit ?? 'in';
  return {
    id: item.id,
    itemId: sold.id,
    title: sold.product.title,
    thumbnail: sold.product.thumbnail,
    color: sold.color,
    sizeText: soldSizeText(sold),
    quantity: item.quantity,
    reason: item.reason,
    photos: item.photos,
    exchange: item.exchange && {
      color: item.exchange.color,
      size: item.exchange.size,
      sizeText: sizeText(item.exchange.size, unit),
      variantId: item.exchangeVariantId,
    },
  };
}

export async function returnsOfOrder(db: DbOrTx, orderId: number): Promise<ReturnRow[]> {
  return db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.id));
}

export async function returnById(db: DbOrTx, id: number): Promise<ReturnRow> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  if (!row) throw notFound('Return not found');
  return row;
}

/** Locked for a change; the caller has locked its order first (the order's lock comes first everywhere). */
export async function lockReturn(tx: Tx, id: number): Promise<ReturnRow> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  if (!row) throw notFound('Return not found');
  return row;
}

export async function listReturns(db: DbOrTx, q: { status?: ReturnStatus | undefined; page: number }) {
  const where = q.status ? eq(returns.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(RETURNS_PER_PAGE)
      .offset((q.page - 1) * RETURNS_PER_PAGE),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page: q.page, pages: Math.max(1, Math.ceil(n / RETURNS_PER_PAGE)) };
}

/** Per order item: how many are asked in requests still standing (a rejected one gives them back). */
export async function askedQuantities(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: returnItems.orderItemId, asked: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, 'rejected')))
    .groupBy(returnItems.orderItemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.asked)]));
}

/** Per order item: how many a credit note covers already (returns received). */
export async function creditedQuantities(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: returnItems.orderItemId, credited: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), sql`${returns.creditNoteId} is not null`))
    .groupBy(returnItems.orderItemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.credited)]));
}

/** When the order was last delivered; the window counts from there. */
export async function deliveredAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${orderStatusHistory.at})` })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'delivered')));
  return row?.at ? new Date(row.at) : null;
}

export async function recordReturnEvent(tx: Tx, returnId: number, status: ReturnStatus, by: number | null, note: string | null = null): Promise<void> {
  await tx.insert(returnEvents).values({ returnId, status, byUserId: by, note });
}

export async function setReturn(tx: Tx, id: number, patch: Partial<typeof returns.$inferInsert>): Promise<ReturnRow> {
  const [row] = await tx.update(returns).set({ ...patch, updatedAt: new Date() }).where(eq(returns.id, id)).returning();
  return row!;
}

export async function itemsOfReturn(db: DbOrTx, returnId: number) {
  return db
    .select({ item: returnItems, sold: orderItems })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(returnItems.id));
}

export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}
