import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  outOfStockMessage,
  paiseToRupees,
  type AdminOrderList,
  type Order,
  type OrderBody,
  type OrderItem,
  type OrderStatus,
  type OwnerOrderList,
} from '@shop/shared';
import { named, retryTransient, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { cartItems } from '../cart/cart.table.ts';
import { payments } from '../payments/payments.table.ts';
import { products } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';
import { idempotencyKeys, orderItems, orders } from './orders.table.ts';
import type { Mail } from '../../mail/mailer.ts';
import { orderPlacedMail, orderStatusMail } from './order-mail.ts';
import type { AdminListQuery, OwnerListQuery } from './orders.schemas.ts';

// Payments reaches the checkout flow through this file only (docs/architecture.md).
export { idempotencyHeaders } from './orders.schemas.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The largest total an order can hold (PostgreSQL integer). */
export const MAX_ORDER_TOTAL_PAISE = 2_147_483_647;
/** Orders of up to this many lines insert their items with a named statement, one per count. */
const NAMED_ITEM_COUNTS = 8;

export function toOrder(o: OrderRow, items: ItemRow[]): Order {
  return {
    id: o.id,
    items: items.map((i): OrderItem => ({ id: i.id, quantity: i.quantity, color: i.color, size: i.size, product: i.product })),
    totalAmount: paiseToRupees(o.totalAmountPaise),
    totalItems: o.totalItems,
    user: o.userId,
    paymentMethod: o.paymentMethod,
    payment: { paymentMethod: o.paymentMethod, status: o.paymentStatus },
    selectedAddress: o.selectedAddress,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** Orders with their items: one query for the items of all of them (no N+1), in the given order. */
async function withItems(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((o) => toOrder(o, byOrder.get(o.id) ?? []));
}

export async function loadOrder(db: DbOrTx, id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  return (await withItems(db, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Stock: every change is one conditional statement per product, taken in product-id order so two
// transactions never wait on each other's rows in opposite orders (no deadlocks).

interface StockLine {
  productId: number;
  quantity: number;
  title: string;
}

function perProduct(lines: StockLine[]): StockLine[] {
  const sum = new Map<number, StockLine>();
  for (const l of lines) {
    const prev = sum.get(l.productId);
    sum.set(l.productId, { ...l, quantity: (prev?.quantity ?? 0) + l.quantity });
  }
  return [...sum.values()].sort((a, b) => a.productId - b.productId);
}

const snapshotColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  category: products.category,
  thumbnail: products.thumbnail,
  pricePaise: products.pricePaise,
  discountPercentage: products.discountPercentage,
  discountedPricePaise: products.discountedPricePaise,
};
type Snapshot = { [K in keyof typeof snapshotColumns]: (typeof snapshotColumns)[K]['_']['data'] };

/**
 * Takes stock for every line or throws 409 `{title} is out of stock`; the caller's transaction
 * rolls back whatever was taken before. `live` also refuses soft-deleted products (shoppers buying);
 * an admin restoring a cancelled order takes what is physically there.
 */
async function takeStock(tx: Tx, lines: StockLine[], live: boolean): Promise<Map<number, Snapshot>> {
  const taken = new Map<number, Snapshot>();
  for (const line of perProduct(lines)) {
    const [row] = await named(
      tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}` })
        .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity), live ? eq(products.deleted, false) : undefined))
        .returning(snapshotColumns),
      live ? 'take_stock_live' : 'take_stock',
    );
    if (!row) throw conflict(outOfStockMessage(line.title));
    taken.set(row.id, row);
  }
  return taken;
}

async function returnStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of perProduct(lines)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

async function itemLines(tx: Tx, orderIds: number[]): Promise<StockLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity, product: orderItems.product })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  return rows.map((r) => ({ productId: r.productId, quantity: r.quantity, title: r.product.title }));
}

// ---------------------------------------------------------------------------------------------
// Checkout

export type CheckoutMode = { method: 'cash' } | { method: 'card'; reservedUntil: Date };

export interface CheckoutResult {
  order: Order;
  /** True when an Idempotency-Key matched an earlier request: the order is that request's. */
  replayed: boolean;
}

/**
 * Places an order from the user's own cart in ONE transaction (DESIGN §3, decision 003): server
 * prices, conditional stock decrements, the order and its item snapshots. Cash orders are listed
 * and empty the cart at once; card orders are a hidden reservation until paid, and keep the cart
 * so a failed or abandoned payment leaves the shopper's cart as it was.
 */
export async function checkout(
  db: Db,
  userId: number,
  body: OrderBody,
  mode: CheckoutMode,
  idempotency?: { scope: string; key: string },
): Promise<CheckoutResult> {
  // Checkouts, payments and sweeps touching the same products may deadlock: the loser runs again.
  return retryTransient(() => db.transaction(async (tx) => {
    if (idempotency) {
      // A concurrent retry blocks on this insert until the first request commits or rolls back.
      const [claimed] = await tx.insert(idempotencyKeys).values(idempotency).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (!claimed) {
        const [prior] = await tx
          .select({ orderId: idempotencyKeys.orderId })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, idempotency.scope), eq(idempotencyKeys.key, idempotency.key)));
        if (!prior?.orderId) throw conflict('This request was already made');
        return { order: await loadOrder(tx, prior.orderId), replayed: true };
      }
    }
    // One open card checkout per shopper: a new checkout releases the stock an earlier, unpaid
    // attempt still holds, so a dismissed payment window cannot starve the shopper's own order.
    await releaseReservations(tx, eq(orders.userId, userId), false, 'release_own_reservation');

    const card = mode.method === 'card';
    const lineColumns = {
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      color: cartItems.color,
      size: cartItems.size,
    };
    // Two checkouts of one cart take turns on its rows: the second sees the lines the first consumed.
    // A cash order empties the cart, so it takes the lines by deleting them (one statement instead of
    // a locking read and a delete; a refusal below rolls the delete back). A card order keeps the cart
    // until it is paid, so it only locks them.
    // The statements of a checkout are named: PostgreSQL parses and plans each once per connection.
    const lines = (
      card
        ? await named(
            tx
              .select({ ...lineColumns, title: products.title })
              .from(cartItems)
              .innerJoin(products, eq(products.id, cartItems.productId))
              .where(eq(cartItems.userId, userId))
              .for('update', { of: cartItems }),
            'checkout_lock_cart',
          )
        : await named(
            tx
              .delete(cartItems)
              .where(eq(cartItems.userId, userId))
              .returning({
                ...lineColumns,
                title: sql<string>`(select ${products.title} from ${products} where ${products.id} = ${cartItems.productId})`,
              }),
            'checkout_take_cart',
          )
    ).sort((a, b) => a.id - b.id);
    if (lines.length === 0) throw badRequest('Your cart is empty');

    const snapshots = await takeStock(tx, lines, true);
    const priced = lines.map((l) => ({ ...l, product: snapshots.get(l.productId)! }));
    const totalAmountPaise = priced.reduce((sum, l) => sum + l.product.discountedPricePaise * l.quantity, 0);
    const totalItems = priced.reduce((sum, l) => sum + l.quantity, 0);
    // The total is an integer column: a cart of costly lines could pass it and fail as a 500.
    if (totalAmountPaise > MAX_ORDER_TOTAL_PAISE) throw badRequest('Order total is too large');
    const [order] = await named(
      tx.insert(orders).values({
        userId,
        totalAmountPaise,
        totalItems,
        paymentMethod: mode.method,
        paymentStatus: card ? 'awaiting' : 'pending',
        selectedAddress: body.selectedAddress,
        status: 'pending',
        listed: !card,
        reservedUntil: card ? mode.reservedUntil : null,
      }).returning(),
      'checkout_insert_order',
    );
    const insertItems = tx
      .insert(orderItems)
      .values(
        priced.map((l) => ({
          orderId: order!.id,
          productId: l.productId,
          quantity: l.quantity,
          color: l.color,
          size: l.size,
          unitPricePaise: l.product.discountedPricePaise,
          product: {
            id: l.product.id,
            title: l.product.title,
            brand: l.product.brand,
            category: l.product.category,
            thumbnail: l.product.thumbnail,
            price: paiseToRupees(l.product.pricePaise),
            discountPercentage: l.product.discountPercentage,
            discountedPrice: paiseToRupees(l.product.discountedPricePaise),
          },
        })),
      )
      .returning();
    // Its text depends on the number of lines: the usual small orders are named, one name per count.
    const items = priced.length <= NAMED_ITEM_COUNTS ? await named(insertItems, `checkout_insert_items_${priced.length}`) : await insertItems;
    if (idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order!.id })
        .where(and(eq(idempotencyKeys.scope, idempotency.scope), eq(idempotencyKeys.key, idempotency.key)));
    }
    return { order: toOrder(order!, items), replayed: false };
  }));
}

// ---------------------------------------------------------------------------------------------
// Card reservations

/**
 * Cancels unpaid card reservations matching `where` (payment `expired`) and returns their stock.
 * The conditional `payment_status = 'awaiting'` makes it safe against a payment arriving at the
 * same moment and against other server processes doing the same; `skipLocked` lets a sweeper pass
 * over rows another transaction is settling. Returns the ids it cancelled.
 */
export async function releaseReservations(
  tx: Tx,
  where: SQL,
  skipLocked: boolean,
  /** The statement's name: one per caller, whose `where` differs (see `named`). */
  statement: string,
  limit = 500,
): Promise<number[]> {
  // Written out, not a parameter: a prepared statement's plan can then use orders_awaiting_user_idx.
  const awaiting = sql`${orders.paymentStatus} = 'awaiting'`;
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, where))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', skipLocked ? { skipLocked: true } : {});
  const released = await named(
    tx
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'expired', reservedUntil: null, updatedAt: new Date() })
      .where(and(inArray(orders.id, candidates), awaiting))
      .returning({ id: orders.id }),
    statement,
  );
  const ids = released.map((r) => r.id);
  if (ids.length === 0) return ids;
  await returnStock(tx, await itemLines(tx, ids));
  await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(inArray(payments.orderId, ids), eq(payments.status, 'awaiting')));
  return ids;
}

/** The expiry sweep (DESIGN §3 Payments step 5): reservations past `now` lapse and their stock returns. */
export async function expireReservations(db: Db, now: Date = new Date()): Promise<number[]> {
  return retryTransient(() => db.transaction((tx) => releaseReservations(tx, lt(orders.reservedUntil, now), true, 'release_expired_reservations')));
}

/**
 * Undoes a reservation whose provider order could not be created, and forgets its Idempotency-Key
 * so a retry with the same key starts afresh.
 */
export async function cancelReservation(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseReservations(tx, eq(orders.id, orderId), false, 'release_reservation');
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
  });
}

export interface Settlement {
  order: Order;
  shopperEmail: string;
  /** False when the order was already paid: a repeated verify or webhook changes nothing. */
  changed: boolean;
}

/**
 * Marks a card order paid, exactly once (the order row is locked; a paid order is left alone).
 * A payment that lands after its reservation lapsed takes the stock again when it is still there;
 * when it is not, the order stays cancelled but is recorded as paid and listed, so the shopper sees
 * it and the admin knows to refund it: money is never silently lost.
 */
export async function settlePaidOrder(tx: Tx, orderId: number, paid: { amountPaise: number; currency: string }): Promise<Settlement> {
  const [found] = await tx
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!found) throw notFound('Order not found');
  const { order: o, email: shopperEmail } = found;
  // Only the order's own amount in rupees pays it (issue 12: a signed 1-paisa event settled an order).
  if (paid.amountPaise !== o.totalAmountPaise || paid.currency !== 'INR') throw badRequest('Payment amount does not match the order');
  if (o.paymentStatus === 'paid') return { order: await loadOrder(tx, orderId), shopperEmail, changed: false };
  let status: OrderStatus = o.status;
  if (o.paymentStatus === 'expired') {
    const lines = await itemLines(tx, [orderId]);
    // A savepoint: a failed attempt rolls back only its own decrements.
    const retaken = await tx
      .transaction(async (sp) => {
        await takeStock(sp, lines, true);
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 409) return false;
        throw err;
      });
    status = retaken ? 'pending' : 'cancelled';
  }
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', status, listed: true, reservedUntil: null, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  const ordered = await tx.select({ productId: orderItems.productId, color: orderItems.color, size: orderItems.size }).from(orderItems).where(eq(orderItems.orderId, orderId));
  // The cart was kept while the payment was open; the lines now bought leave it.
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.userId, o.userId),
      or(...ordered.map((i) => and(eq(cartItems.productId, i.productId), eq(cartItems.color, i.color), eq(cartItems.size, i.size)))),
    ),
  );
  return { order: await loadOrder(tx, orderId), shopperEmail, changed: true };
}

/** A paid order's mail: the confirmation, or the cancellation when it was paid too late to keep. */
export function settlementMail(s: Settlement, publicUrl: string): Mail {
  return (s.order.status === 'cancelled' ? orderStatusMail : orderPlacedMail)(s.order, s.shopperEmail, publicUrl);
}

// ---------------------------------------------------------------------------------------------
// Lists, one order, status changes

export async function listOwnerOrders(db: DbOrTx, userId: number, q: OwnerListQuery): Promise<OwnerOrderList> {
  const where = and(eq(orders.userId, userId), eq(orders.listed, true));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q._per_page)
      .offset((q._page - 1) * q._per_page),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: await withItems(db, rows), totalOrders: total?.n ?? 0 };
}

const SORT_COLUMNS = {
  totalAmount: orders.totalAmountPaise,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
} as const;

export async function listAdminOrders(db: DbOrTx, q: AdminListQuery): Promise<AdminOrderList> {
  const where = eq(orders.listed, true);
  const dir = q._order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(dir(SORT_COLUMNS[q._sort]), dir(orders.id))
      .limit(q._per_page)
      .offset((q._page - 1) * q._per_page),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  // SPEC §3: the admin list carries its orders under `products`.
  return { products: await withItems(db, rows), totalOrders: total?.n ?? 0 };
}

/** One order, for its owner or an admin; anyone else gets the same 404 as for an unknown id. */
export async function getOrder(db: DbOrTx, viewer: { id: number; role: string }, id: number): Promise<Order> {
  const mine = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), mine));
  if (!row) throw notFound('Order not found');
  return (await withItems(db, [row]))[0]!;
}

export interface StatusChange {
  order: Order;
  previous: OrderStatus;
  shopperEmail: string;
}

/**
 * SPEC §4: an admin may set any status. Moving into `cancelled` returns the stock; moving out of it
 * takes the stock again, or fails with 409 and changes nothing when it is gone.
 */
export async function updateOrderStatus(db: Db, id: number, status: OrderStatus): Promise<StatusChange> {
  return retryTransient(() => db.transaction(async (tx) => {
    const [o] = await tx
      .select({ status: orders.status, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, id), eq(orders.listed, true)))
      .for('update', { of: orders });
    if (!o) throw notFound('Order not found');
    if (o.status !== status) {
      if (status === 'cancelled') await returnStock(tx, await itemLines(tx, [id]));
      else if (o.status === 'cancelled') await takeStock(tx, await itemLines(tx, [id]), false);
      await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
    }
    return { order: await loadOrder(tx, id), previous: o.status, shopperEmail: o.email };
  }));
}
