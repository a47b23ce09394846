import { and, eq } from 'drizzle-orm';
import {
  addDays,
  formatIndiaDate,
  indiaDate,
  paiseToRupees,
  sizeNumber,
  type OrderReturns,
  type ReturnPatchBody,
  type ReturnRequest,
  type ReturnRequestBody,
  type ShopSettings,
} from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { creditNotesOf, creditReturnedLines, draftInvoice, issueDocument, latestDocument } from '../modules/invoices/invoices.service.ts';
import { returnedLinesDraft, type ReturnedLine } from '../modules/invoices/document.ts';
import { lockOrder, insertOrder, NO_CHARGES } from '../modules/orders/orders.service.ts';
import type { OrderRow } from '../modules/orders/orders.queries.ts';
import { orderItems, orders } from '../modules/orders/orders.table.ts';
import { users } from '../modules/users/users.table.ts';
import type { PaymentProvider } from '../modules/payments/provider.ts';
import { products, productVariants } from '../modules/products/products.table.ts';
import { returnStock, soldAs, stockSnapshot, takeStock, type StockLine } from '../modules/products/stock.ts';
import { returnRequestedMail, returnStepMail } from './return-mail.ts';
import { refunds, returnItems, returns } from '../modules/returns/returns.table.ts';
import {
  askedQuantities,
  creditedQuantities,
  deliveredAt,
  itemsOfReturn,
  lockReturn,
  recordReturnEvent,
  refundsOfOrder,
  returnById,
  returnsOfOrder,
  returnViews,
  setReturn,
  toRefund,
  type RefundRow,
  type ReturnRow,
} from '../modules/returns/returns.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';
import { markTransferDone, openRefund, runRefund, type RefundSettled } from './refunds.ts';

/** An order's line, and whether its product may still be returned (the owner's flag, read now). */
type OrderItemRow = typeof orderItems.$inferSelect & { returnable: boolean };
type Staff = { id: number; role: string };

/** docs/product.md, Returns: the last India day to ask, or why nothing can be asked. */
async function windowOf(tx: Tx | Db, order: OrderRow, shop: ShopSettings): Promise<string | null> {
  if (order.status !== 'delivered' || shop.returns.windowDays <= 0) return null;
  const at = (await deliveredAt(tx, order.id)) ?? order.updatedAt;
  return addDays(indiaDate(at), shop.returns.windowDays);
}

function nonReturnable(item: OrderItemRow, shop: ShopSettings): boolean {
  const blocked = new Set(shop.returns.nonReturnableCategories.map((c) => c.toLowerCase()));
  return !item.returnable || blocked.has(item.product.category.toLowerCase());
}

async function itemsOfOrder(tx: Tx | Db, orderId: number): Promise<OrderItemRow[]> {
  const rows = await tx
    .select({ item: orderItems, returnable: products.returnable })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return rows.map((r) => ({ ...r.item, returnable: r.returnable }));
}

/** `GET /api/orders/{id}/returns`: the order's requests, what can still be asked, its credit notes and refunds. */
export async function orderReturns(db: Db, order: OrderRow, forStaff: boolean): Promise<OrderReturns> {
  const [shop, items, asked, rows, notes, refundRows] = await Promise.all([
    getShopSettings(db),
    itemsOfOrder(db, order.id),
    askedQuantities(db, order.id),
    returnsOfOrder(db, order.id),
    creditNotesOf(db, order.id),
    refundsOfOrder(db, order.id),
  ]);
  const returnBy = await windowOf(db, order, shop);
  const open = returnBy !== null && indiaDate(new Date()) <= returnBy;
  return {
    returns: await returnViews(db, rows, forStaff),
    returnBy,
    returnable: items.map((i) => {
      const left = i.quantity - (asked.get(i.id) ?? 0);
      if (order.status !== 'delivered') return { itemId: i.id, quantity: 0, reason: 'not_delivered' as const };
      if (nonReturnable(i, shop)) return { itemId: i.id, quantity: 0, reason: 'non_returnable' as const };
      if (!open) return { itemId: i.id, quantity: 0, reason: 'window_closed' as const };
      return left > 0 ? { itemId: i.id, quantity: left } : { itemId: i.id, quantity: 0, reason: 'asked' as const };
    }),
    creditNotes: notes.map((n) => ({ id: n.id, number: n.number ?? '', issuedAt: n.issuedAt.toISOString(), total: paiseToRupees(n.totalPaise) })),
    refunds: refundRows.map(toRefund),
  };
}

type ExchangeTarget = { variantId: number; color: string; size: string };

/** The same product in the colour and size asked, other than the one bought; its stock is checked, not held. */
async function exchangeTarget(tx: Tx, item: OrderItemRow, wanted: { color: string; size: string }, quantity: number): Promise<ExchangeTarget> {
  const [variant] = await tx
    .select({ id: productVariants.id, stock: productVariants.stock, color: productVariants.color, size: productVariants.size, perVariant: products.stockPerVariant })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.productId, item.productId), eq(productVariants.color, wanted.color), eq(productVariants.size, wanted.size), eq(products.deleted, false)));
  if (!variant?.perVariant) throw badRequest(`${item.product.title} does not come in that colour and size`);
  if (variant.id === item.variantId) throw badRequest(`Choose another size or colour of ${item.product.title} to exchange it`);
  if (variant.stock < quantity) throw conflict(`${item.product.title} in that colour and size is sold out`);
  return { variantId: variant.id, color: variant.color, size: variant.size };
}

/** The invoice's goods lines are the order's items in order (invoiceDraft). */
function returnedLines(items: OrderItemRow[], picks: { itemId: number; quantity: number }[], credited: Map<number, number>): ReturnedLine[] {
  return picks.map((p) => ({ line: items.findIndex((i) => i.id === p.itemId), quantity: p.quantity, before: credited.get(p.itemId) ?? 0 }));
}

/** `POST /api/orders/{id}/returns` by the order's shopper. The order's lock makes two requests take turns. */
export async function requestReturn(db: Db, fx: Effects, shopper: { id: number; email: string }, orderId: number, body: ReturnRequestBody): Promise<ReturnRequest> {
  const created = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order } = await lockOrder(tx, orderId, true, shopper.id);
      const shop = await getShopSettings(tx);
      if (order.status !== 'delivered') throw conflict('Only a delivered order can be returned');
      if (shop.returns.windowDays <= 0) throw conflict('This shop does not take returns');
      const returnBy = (await windowOf(tx, order, shop))!;
      if (indiaDate(new Date()) > returnBy) throw conflict(`Returns for this order closed on ${formatIndiaDate(returnBy)}`);
      const items = await itemsOfOrder(tx, order.id);
      const asked = await askedQuantities(tx, order.id);
      const picked = [];
      for (const want of body.items) {
        const item = items.find((i) => i.id === want.itemId);
        if (!item) throw badRequest('Choose an item of this order');
        if (nonReturnable(item, shop)) throw conflict(`${item.product.title} cannot be returned`);
        const left = item.quantity - (asked.get(item.id) ?? 0);
        if (want.quantity > left)
          throw conflict(left === 0 ? `A return of ${item.product.title} is asked already` : `Only ${left} of ${item.product.title} can still be returned`);
        const exchange = want.exchange ? await exchangeTarget(tx, item, want.exchange, want.quantity) : null;
        picked.push({ want, item, exchange });
      }
      const refunded = picked.filter((p) => !p.exchange);
      if (order.paymentMethod === 'cash' && refunded.length > 0 && !body.refundTo)
        throw badRequest('Tell us where to send your refund: a UPI ID, or a bank account and IFSC');
      const invoice = await latestDocument(tx, order.id, 'invoice');
      const credited = await creditedQuantities(tx, order.id);
      const estimate = invoice && refunded.length
        ? returnedLinesDraft(invoice, returnedLines(items, refunded.map((p) => ({ itemId: p.item.id, quantity: p.want.quantity })), credited)).totals.totalPaise
        : 0;
      const [row] = await tx
        .insert(returns)
        .values({ orderId: order.id, userId: shopper.id, refundTo: order.paymentMethod === 'cash' && refunded.length ? (body.refundTo ?? null) : null, refundPaise: estimate })
        .returning();
      await tx.insert(returnItems).values(
        picked.map(({ want, item, exchange }) => ({
          returnId: row!.id,
          orderItemId: item.id,
          quantity: want.quantity,
          reason: want.reason,
          photos: want.photos,
          exchangeVariantId: exchange?.variantId ?? null,
          exchange: exchange && { color: exchange.color, size: exchange.size },
        })),
      );
      await recordReturnEvent(tx, row!.id, 'requested', shopper.id);
      const [view] = await returnViews(tx, [row!], false);
      await fx.jobs.send(tx, 'mail', returnStepMail(view!, shopper.email, fx, shop));
      const admins = await adminEmails(tx);
      if (admins.length) await fx.jobs.send(tx, 'mail', returnRequestedMail(view!, admins, fx, shop));
      return view!;
    }),
  );
  fx.jobs.wake('mail');
  return created;
}

/** `POST /api/returns/{id}/pickup`: the shopper sent it back themselves and gives the courier's AWB. */
export async function shipBack(db: Db, shopperId: number, id: number, pickup: { courierName: string; awb: string }): Promise<ReturnRequest> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      const found = await returnById(tx, id);
      if (found.userId !== shopperId) throw notFound('Return not found');
      await lockOrder(tx, found.orderId, true, shopperId);
      const row = await lockReturn(tx, id);
      if (row.status !== 'approved') throw conflict('Only an approved return is sent back');
      if (row.pickup) throw conflict('This return has its pickup already');
      const updated = await setReturn(tx, id, { pickup });
      await recordReturnEvent(tx, id, 'approved', shopperId, `Sent back by ${pickup.courierName}, AWB ${pickup.awb}`);
      return (await returnViews(tx, [updated], false))[0]!;
    }),
  );
}

/** The effects of a settled refund on its return: refunded, and the shopper told. */
export function refundSettled(fx: Effects): RefundSettled {
  return async (tx: Tx, refund: RefundRow) => {
    if (refund.returnId === null || refund.status !== 'processed') return;
    const row = await lockReturn(tx, refund.returnId);
    if (row.status !== 'received') return;
    const updated = await setReturn(tx, row.id, { status: 'refunded' });
    await recordReturnEvent(tx, row.id, 'refunded', null, refund.reference ?? refund.providerRefundId);
    await tellShopper(tx, fx, updated);
  };
}

async function tellShopper(tx: Tx, fx: Effects, row: ReturnRow): Promise<ReturnRequest> {
  const [view] = await returnViews(tx, [row], false);
  // Read, not locked: a refund's webhook comes through here holding the refund and the return, not the order.
  const [shopper] = await tx.select({ email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, row.orderId));
  await fx.jobs.send(tx, 'mail', returnStepMail(view!, shopper!.email, fx, await getShopSettings(tx)));
  return view!;
}

type ExchangeLine = StockLine & { color: string; size: number };

async function exchangeLines(tx: Tx, returnId: number, onlyHeld = false): Promise<{ lines: ExchangeLine[]; items: Awaited<ReturnType<typeof itemsOfReturn>> }> {
  const items = await itemsOfReturn(tx, returnId);
  const lines = items
    .filter(({ item }) => item.exchange && item.exchangeVariantId !== null && (!onlyHeld || item.held))
    .map(({ item, sold }) => ({
      productId: sold.productId,
      variantId: item.exchangeVariantId,
      quantity: item.quantity,
      title: sold.product.title,
      color: item.exchange!.color,
      size: sizeNumber(item.exchange!.size),
    }));
  return { lines, items };
}

/**
 * `PATCH /api/returns/{id}` by staff: one step forward (docs/product.md, Returns). The order is locked
 * before the return, as a request locks it: two admins take turns, and the second finds it moved on.
 */
export async function updateReturn(
  db: Db,
  fx: Effects,
  provider: PaymentProvider,
  staff: Staff,
  id: number,
  body: ReturnPatchBody,
): Promise<ReturnRequest> {
  if (body.status === 'refunded' && staff.role !== 'admin') throw forbidden('Only the owner marks a refund paid');
  const { orderId } = await returnById(db, id);
  const settled = refundSettled(fx);
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order } = await lockOrder(tx, orderId, false);
      const row = await lockReturn(tx, id);
      const step = STEPS[body.status];
      if (!step.from.includes(row.status)) throw conflict(`This return is ${row.status} already`);
      return step.run({ tx, fx, staff, order, row, settled }, body as never);
    }),
  );
  fx.jobs.wake('mail');
  if (result.refund?.method === 'original' && result.refund.status === 'pending') await runRefund(db, provider, result.refund.id, settled);
  const [fresh] = await returnViews(db, [await returnById(db, id)], true);
  return fresh!;
}

interface StepContext {
  tx: Tx;
  fx: Effects;
  staff: Staff;
  order: OrderRow;
  row: ReturnRow;
  settled: RefundSettled;
}

type StepResult = { refund: RefundRow | null };
type Step<B> = { from: ReturnRow['status'][]; run: (c: StepContext, body: B) => Promise<StepResult> };
type Bodies = { [S in ReturnPatchBody['status']]: Extract<ReturnPatchBody, { status: S }> };

const STEPS: { [S in keyof Bodies]: Step<Bodies[S]> } = {
  approved: { from: ['requested'], run: approve },
  rejected: { from: ['requested', 'approved'], run: (c, body) => reject(c, body.reason) },
  received: { from: ['approved'], run: (c, body) => (body.accept ? receive(c, body.restock) : reject(c, body.reason ?? 'It did not pass our check')) },
  refunded: { from: ['received'], run: transferDone },
};

/** Approved: an exchange's size is held now, so it cannot sell out before the parcel comes back. */
async function approve(c: StepContext, body: Bodies['approved']): Promise<StepResult> {
  const { lines } = await exchangeLines(c.tx, c.row.id);
  if (lines.length) {
    await takeStock(c.tx, lines, true);
    await c.tx.update(returnItems).set({ held: true }).where(eq(returnItems.returnId, c.row.id));
  }
  const updated = await setReturn(c.tx, c.row.id, { status: 'approved', pickup: body.pickup ?? null });
  await recordReturnEvent(c.tx, c.row.id, 'approved', c.staff.id, body.pickup ? `Pickup by ${body.pickup.courierName}, AWB ${body.pickup.awb}` : null);
  await tellShopper(c.tx, c.fx, updated);
  return { refund: null };
}

async function reject(c: StepContext, reason: string): Promise<StepResult> {
  const { lines: held } = await exchangeLines(c.tx, c.row.id, true);
  if (held.length) await returnStock(c.tx, held);
  await c.tx.update(returnItems).set({ held: false }).where(eq(returnItems.returnId, c.row.id));
  const updated = await setReturn(c.tx, c.row.id, { status: 'rejected', rejectReason: reason });
  await recordReturnEvent(c.tx, c.row.id, 'rejected', c.staff.id, reason);
  await tellShopper(c.tx, c.fx, updated);
  return { refund: null };
}

/**
 * Received and accepted: the goods back on the shelf (unless damaged), a credit note for every returned
 * line, the exchange's order placed (paid for by the returned value), and the refund of the rest.
 */
async function receive(c: StepContext, restock: boolean): Promise<StepResult> {
  const { tx, order, row } = c;
  const { lines: swaps, items } = await exchangeLines(tx, row.id);
  const orderItemsRows = await itemsOfOrder(tx, order.id);
  if (restock)
    await returnStock(
      tx,
      items.map(({ item, sold }) => ({ productId: sold.productId, variantId: sold.variantId, quantity: item.quantity, title: sold.product.title })),
    );
  const credited = await creditedQuantities(tx, order.id);
  const note = await creditReturnedLines(tx, order.id, row.id, returnedLines(orderItemsRows, items.map(({ item }) => ({ itemId: item.orderItemId, quantity: item.quantity })), credited));
  const lineTotal = (n: number) => note?.document.lines[n]?.amountPaise ?? 0;
  const exchangeValue = items.reduce((s, { item }, n) => s + (item.exchange ? lineTotal(n) : 0), 0);
  const refundValue = items.reduce((s, { item }, n) => s + (item.exchange ? 0 : lineTotal(n)), 0);
  let exchangeOrderId: number | null = null;
  let collect = 0;
  let leftover = exchangeValue;
  if (swaps.length) {
    const shop = await getShopSettings(tx);
    const snapshot = await stockSnapshot(tx, swaps);
    const sold = swaps.map((l) => soldAs(l, snapshot));
    const goods = sold.reduce((s, l) => s + l.product.discountedPricePaise * l.quantity, 0);
    collect = Math.max(0, goods - exchangeValue);
    leftover = Math.max(0, exchangeValue - goods);
    const exchangeOrder = await insertOrder(tx, {
      userId: order.userId,
      lines: sold,
      method: collect > 0 ? 'cash' : order.paymentMethod,
      reservedUntil: null,
      address: order.selectedAddress,
      charges: NO_CHARGES,
      exchange: { returnId: row.id, creditPaise: exchangeValue },
    });
    await issueDocument(tx, draftInvoice(exchangeOrder, shop));
    exchangeOrderId = exchangeOrder.id;
  }
  const refundPaise = refundValue + leftover;
  const refund = refundPaise > 0 ? await openRefund(tx, order, { amountPaise: refundPaise, returnId: row.id, receipt: `return-${row.id}` }) : null;
  const updated = await setReturn(tx, row.id, {
    status: refund ? 'received' : 'closed',
    restocked: restock,
    creditNoteId: note?.id ?? null,
    exchangeOrderId,
    refundPaise,
    collectPaise: collect,
  });
  await recordReturnEvent(tx, row.id, 'received', c.staff.id, restock ? 'Back in stock' : 'Accepted without restocking');
  if (!refund) await recordReturnEvent(tx, row.id, 'closed', c.staff.id, exchangeOrderId ? `Exchange order #${exchangeOrderId}` : null);
  await tellShopper(tx, c.fx, updated);
  return { refund };
}

async function transferDone(c: StepContext, body: Bodies['refunded']): Promise<StepResult> {
  const [refund] = await c.tx.select().from(refunds).where(eq(refunds.returnId, c.row.id)).for('update');
  if (!refund) throw conflict('This return has nothing to refund');
  await markTransferDone(c.tx, refund, body.reference, c.settled);
  return { refund: null };
}
