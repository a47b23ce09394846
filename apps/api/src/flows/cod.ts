import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  codFeePaise,
  codLimitProblem,
  formatIndiaDateTime,
  formatRupees,
  soldSizeText,
  worksInAdmin,
  type CodConfirmation,
  type CodSettings,
  type Order,
  type PaymentMethod,
  type ShopSettings,
} from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import type { JobTypes } from '../jobs/queue.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { confirmOrderMail, newOrderMail, orderConfirmedMail } from '../modules/orders/order-mail.ts';
import { loadOrder } from '../modules/orders/orders.queries.ts';
import { lockOrder, markConfirmed, NO_CHARGES, type OrderCharges } from '../modules/orders/orders.service.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { recordStatus } from '../modules/orders/status-history.ts';
import type { LowStockCrossing } from '../modules/products/low-stock.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import type { Sale } from './after-sale.ts';
import type { Effects } from './effects.ts';
import { alertLowStock } from './low-stock.ts';
import { applyStatus } from './order-status.ts';

const HOUR_MS = 3_600_000;
const SWEEP_BATCH = 100;
export const INVALID_LINK = 'This confirmation link is not valid';

/** docs/product.md, Cash on delivery: what an order of goods worth `goodsPaise` adds or takes off. */
export function orderCharges(
  cod: CodSettings,
  method: PaymentMethod,
  goodsPaise: number,
  now = new Date(),
): { charges: OrderCharges; token: string | null } {
  if (method === 'card')
    return { charges: { ...NO_CHARGES, prepaidDiscountPaise: Math.min(cod.prepaidDiscountRupees * 100, goodsPaise) }, token: null };
  const problem = codLimitProblem(cod, goodsPaise);
  if (problem) throw badRequest(problem);
  const fee = codFeePaise(cod, goodsPaise);
  if (cod.confirmWithinHours === 0) return { charges: { ...NO_CHARGES, codFeePaise: fee }, token: null };
  const token = randomBytes(24).toString('base64url');
  return {
    charges: {
      shippingPaise: 0,
      codFeePaise: fee,
      prepaidDiscountPaise: 0,
      confirmation: 'awaiting',
      confirmBy: new Date(now.getTime() + cod.confirmWithinHours * HOUR_MS),
      confirmToken: token,
    },
    token,
  };
}

export const confirmLink = (webUrl: string, orderId: number, token: string): string =>
  `${webUrl}/orders/${orderId}/confirm?token=${token}`;

function phoneJob(order: Order, shop: ShopSettings, template: JobTypes['phone']['template'], link?: string): JobTypes['phone'] {
  return {
    to: order.selectedAddress.phone,
    template,
    params: {
      name: order.selectedAddress.name,
      orderId: String(order.id),
      amount: formatRupees(order.totalAmount),
      shopName: shop.shopName,
      ...(link && { link }),
      ...(order.confirmBy && { confirmBy: formatIndiaDateTime(order.confirmBy) }),
    },
    orderId: order.id,
  };
}

/** In the placing transaction, instead of afterSale: the shopper is asked by mail and phone; the admins told. */
export async function askToConfirm(tx: Tx, fx: Effects, sale: Sale, token: string, taken: LowStockCrossing[]): Promise<void> {
  const { order, shop } = sale;
  const link = confirmLink(fx.webUrl, order.id, token);
  await fx.jobs.send(tx, 'mail', confirmOrderMail(order, sale.shopperEmail, fx, shop, link));
  await fx.jobs.send(tx, 'phone', phoneJob(order, shop, 'cod_confirm', link));
  if (sale.admins.length) await fx.jobs.send(tx, 'mail', newOrderMail(order, sale.shopperEmail, sale.admins, fx, shop));
  await alertLowStock(tx, fx, order, shop, taken);
}

/**
 * The shopper's link (`token`) or a member of staff after a call (`staffId`). Twice is the same answer:
 * the row lock makes the second see the first's confirmation, which is recorded and invoiced once.
 */
export async function confirmOrder(
  db: Db,
  fx: Effects,
  id: number,
  by: { token: string } | { staffId: number },
  now = new Date(),
): Promise<Order> {
  const order = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
      if ('token' in by && o.confirmToken !== by.token) throw notFound(INVALID_LINK);
      if (o.confirmation === 'confirmed') return loadOrder(tx, id);
      if (o.confirmation !== 'awaiting') throw conflict('This order needs no confirmation');
      if (o.status === 'cancelled') throw conflict('This order has been cancelled, so it can no longer be confirmed');
      if ('token' in by && o.confirmBy && o.confirmBy <= now)
        throw conflict('This confirmation link has expired: the order was not confirmed in time');
      await markConfirmed(tx, id);
      await recordStatus(tx, id, o.status, o.status, 'token' in by ? o.userId : by.staffId, null, 'cod_confirmed');
      const shop = await getShopSettings(tx);
      const confirmed = await loadOrder(tx, id);
      // The sale is invoiced now (docs/product.md, Cash on delivery), numbered at commit (decision 027).
      await issueDocument(tx, draftInvoice(confirmed, shop));
      if (!accountDeleted) await fx.jobs.send(tx, 'mail', orderConfirmedMail(confirmed, email, fx, shop));
      return confirmed;
    }),
  );
  fx.jobs.wake('mail');
  return loadOrder(db, order.id);
}

/** What the link's page shows: the link is the key, so only what the shopper needs to recognise the order. */
export async function confirmationView(db: Db, id: number, token: string): Promise<CodConfirmation> {
  const [row] = await db
    .select({ id: orders.id, token: orders.confirmToken })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.listed, true)));
  if (!row || row.token !== token) throw notFound(INVALID_LINK);
  return toConfirmation(await loadOrder(db, id));
}

export function toConfirmation(order: Order): CodConfirmation {
  const a = order.selectedAddress;
  return {
    orderId: order.id,
    status: order.status,
    confirmation: order.confirmation,
    confirmBy: order.confirmBy,
    createdAt: order.createdAt,
    totalAmount: order.totalAmount,
    codFee: order.codFee,
    items: order.items.map((i) => ({
      title: i.product.title,
      quantity: i.quantity,
      thumbnail: i.product.thumbnail,
      sizeText: soldSizeText(i),
      color: i.color,
      price: i.product.discountedPrice,
    })),
    deliverTo: { name: a.name, city: a.city, state: a.state, pinCode: a.pinCode },
  };
}

/** Only staff confirm without the link. */
export function staffOnly(role: string | undefined): void {
  if (!worksInAdmin(role)) throw forbidden('Only the shop confirms an order without its link');
}

/**
 * The sweep (every minute, on one process at a time): cancels what was not confirmed in time, stock back,
 * the shopper told by mail and phone; and reminds, once, those half-way through their window.
 */
export async function sweepUnconfirmed(db: Db, fx: Effects, now = new Date()): Promise<{ cancelled: number[]; reminded: number[] }> {
  const awaiting = sql`${orders.confirmation} = 'awaiting' and ${orders.status} = 'pending'`;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, lt(orders.confirmBy, now)))
    .orderBy(asc(orders.confirmBy))
    .limit(SWEEP_BATCH);
  const cancelled: number[] = [];
  for (const { id } of due) {
    const done = await retryTransient(() =>
      db.transaction(async (tx) => {
        const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
        // Confirmed or cancelled since it was read: nothing to do.
        if (o.confirmation !== 'awaiting' || o.status !== 'pending') return false;
        const change = await applyStatus(tx, fx, o, accountDeleted ? null : email, 'cancelled', null, null, 'as it was not confirmed in time');
        const shop = await getShopSettings(tx);
        await fx.jobs.send(tx, 'phone', phoneJob(change.order, shop, 'cod_cancelled'));
        return true;
      }),
    );
    if (done) cancelled.push(id);
  }
  const halfway = sql`${orders.createdAt} + (${orders.confirmBy} - ${orders.createdAt}) / 2`;
  const remind = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, isNull(orders.confirmRemindedAt), sql`${halfway} <= ${now}`, sql`${orders.confirmBy} > ${now}`))
    .orderBy(asc(orders.confirmBy))
    .limit(SWEEP_BATCH);
  const reminded: number[] = [];
  for (const { id } of remind) {
    const done = await retryTransient(() =>
      db.transaction(async (tx) => {
        const { order: o, email, accountDeleted } = await lockOrder(tx, id, true);
        if (o.confirmation !== 'awaiting' || o.status !== 'pending' || o.confirmRemindedAt || !o.confirmToken) return false;
        await tx.update(orders).set({ confirmRemindedAt: now }).where(eq(orders.id, id));
        const order = await loadOrder(tx, id);
        const shop = await getShopSettings(tx);
        const link = confirmLink(fx.webUrl, id, o.confirmToken);
        if (!accountDeleted) await fx.jobs.send(tx, 'mail', confirmOrderMail(order, email, fx, shop, link, true));
        await fx.jobs.send(tx, 'phone', phoneJob(order, shop, 'cod_reminder', link));
        return true;
      }),
    );
    if (done) reminded.push(id);
  }
  if (cancelled.length || reminded.length) {
    fx.jobs.wake('mail');
    fx.jobs.wake('phone');
  }
  return { cancelled, reminded };
}
