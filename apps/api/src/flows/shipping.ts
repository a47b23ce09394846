import {
  BOOKABLE_STAGES,
  indiaDate,
  MESSAGES,
  normalisePin,
  ORDER_PLACED,
  soldSizeText,
  STAGE_LABELS,
  type Order,
  type OrderStage,
  type Shipment,
  type ShipmentBatch,
  type ShipmentBody,
  type ShipmentStatus,
  type ShopSettings,
  type Tracking,
  type TrackingEvent,
} from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { retryTransient, type Db, type DbOrTx, type Tx } from '../db/client.ts';
import { conflict, HttpError, isUniqueViolation, notFound } from '../lib/errors.ts';
import { expectedArrival } from '../modules/delivery/delivery.service.ts';
import { deliveryFailedMail } from '../modules/orders/order-mail.ts';
import { itemLines, loadOrder, ordersByIds, type OrderRow } from '../modules/orders/orders.queries.ts';
import { lockOrder } from '../modules/orders/orders.service.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { statusHistory } from '../modules/orders/status-history.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { parcelWeight } from '../modules/shipping/parcel.ts';
import type { LabelData } from '../modules/shipping/label-pdf.ts';
import {
  advanceBatch,
  batchById,
  bookedShipments,
  deleteShipment,
  insertBatch,
  toBatch,
  dueForPolling,
  eventsOf,
  insertShipment,
  liveShipment,
  recordShipmentEvent,
  shipmentByAwb,
  shiprocketAccount,
  toShipment,
  updateShipment,
  type ShipmentRow,
  type ShiprocketAccountRow,
} from '../modules/shipping/shipments.service.ts';
import { adminEmails } from '../modules/users/users.service.ts';
import { PermanentCourierError, RetryableCourierError, type Courier, type ParcelToBook, type TrackingUpdate } from '../shipping/courier.ts';
import type { Effects } from './effects.ts';
import { applyStage } from './order-status.ts';

/** A courier for an account (the app keeps one per account, so its login token is reused). */
export type CourierFor = (account: ShiprocketAccountRow) => Courier;

// A booking in flight holds its row this long; one that failed is free to retry at once.
const BOOKING_LEASE_MS = 120_000;
const DEFAULT_BOX_CM = { length: 30, breadth: 25, height: 5 };

/** The order stage each courier status means; `booked` and `cancelled` move no order. */
const STAGE_OF: Partial<Record<ShipmentStatus, OrderStage>> = {
  shipped: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'undelivered',
  rto: 'rto',
};
const FINAL: readonly ShipmentStatus[] = ['delivered', 'rto', 'cancelled'];
const ORDER_FINAL: readonly OrderStage[] = ['delivered', 'rto', 'cancelled'];

export const courierReference = (orderId: number) => `ORD-${orderId}`;

type Claim =
  | { done: Shipment }
  | { row: ShipmentRow; order: Order; account: ShiprocketAccountRow };

/**
 * docs/product.md, Shipping: book the order's parcel. The manual courier is one transaction. Shiprocket
 * has no idempotency key, so the shipment row is written first (status `booking`) and the courier is
 * called after the commit: a retry, or a second admin, finds the row and never books a second parcel
 * (the adapter looks the order up by our reference before creating it).
 */
export async function bookShipment(db: Db, fx: Effects, courierFor: CourierFor, orderId: number, body: ShipmentBody, by: number | null): Promise<Shipment> {
  let claim: Claim;
  try {
    claim = await retryTransient(() => db.transaction((tx) => claimBooking(tx, fx, orderId, body, by)));
  } catch (err) {
    if (body.courier === 'manual' && isUniqueViolation(err, 'shipments_awb_idx'))
      throw conflict(await awbTakenMessage(db, body.awb));
    throw err;
  }
  fx.jobs.wake('mail');
  if ('done' in claim) return claim.done;
  return callCourier(db, fx, courierFor, claim, by);
}

async function awbTakenMessage(db: DbOrTx, awb: string): Promise<string> {
  const other = await shipmentByAwb(db, awb, 'manual');
  return other ? `AWB ${awb} is already on order #${other.orderId}` : `AWB ${awb} is already in use`;
}

async function claimBooking(tx: Tx, fx: Effects, orderId: number, body: ShipmentBody, by: number | null): Promise<Claim> {
  const { order: o, email, accountDeleted } = await lockOrder(tx, orderId, true);
  const live = await liveShipment(tx, orderId);
  if (live && live.status !== 'booking') throw conflict(`Order #${orderId} is already booked with ${live.courierName}, AWB ${live.awb}`);
  if (live) {
    if (live.courier !== body.courier) throw conflict(`Order #${orderId} is being booked with Shiprocket: book it there again to finish`);
    if (live.bookingError === null && Date.now() - live.updatedAt.getTime() < BOOKING_LEASE_MS)
      throw conflict(`A booking for order #${orderId} is under way: try again in a minute`);
    const account = await requireShiprocket(tx);
    const row = await updateShipment(tx, live.id, { bookingError: null, bookedBy: by });
    return { row, order: await loadOrder(tx, orderId), account };
  }
  bookable(o);
  const shop = await getShopSettings(tx);
  const weight = await parcelWeightOf(tx, o, shop);
  if (body.courier === 'manual') {
    if (await shipmentByAwb(tx, body.awb, 'manual')) throw conflict(await awbTakenMessage(tx, body.awb));
    const row = await insertShipment(tx, {
      orderId,
      courier: 'manual',
      courierName: body.courierName,
      awb: body.awb,
      trackingUrl: body.trackingUrl ?? null,
      status: 'shipped',
      weightGrams: weight,
      expectedDelivery: expectedFor(o, shop),
      bookedBy: by,
    });
    await applyStage(tx, fx, o, accountDeleted ? null : email, 'shipped', by);
    return { done: toShipment(row) };
  }
  const account = await requireShiprocket(tx);
  const row = await insertShipment(tx, { orderId, courier: 'shiprocket', status: 'booking', weightGrams: weight, bookedBy: by });
  return { row, order: await loadOrder(tx, orderId), account };
}

function bookable(o: OrderRow): void {
  if (o.confirmation === 'awaiting' && o.stage === 'pending') throw conflict(MESSAGES.confirmBeforeDispatch);
  if (o.stage === 'cancelled' || o.stage === 'rto') throw conflict(`Order #${o.id} is cancelled: a cancelled order is not shipped`);
  if (!BOOKABLE_STAGES.includes(o.stage))
    throw conflict(`Order #${o.id} is ${STAGE_LABELS[o.stage].toLowerCase()}: only a confirmed or packed order is booked`);
}

async function requireShiprocket(tx: Tx): Promise<ShiprocketAccountRow> {
  const account = await shiprocketAccount(tx);
  if (!account?.enabled) throw conflict('Shiprocket is not set up: add its API user in Settings → Couriers');
  return account;
}

async function parcelWeightOf(tx: Tx, o: OrderRow, shop: ShopSettings): Promise<number> {
  const lines = await itemLines(tx, [o.id]);
  const w = await parcelWeight(tx, lines, shop.shipping.defaultWeightGrams);
  return Math.max(w.actualGrams, w.volumetricGrams);
}

function expectedFor(o: Pick<OrderRow, 'selectedAddress'>, shop: ShopSettings): string | null {
  return expectedArrival(o.selectedAddress.pinCode, shop.delivery, indiaDate(new Date()));
}

function parcelToBook(order: Order, account: ShiprocketAccountRow, weightGrams: number): ParcelToBook {
  const a = order.selectedAddress;
  const goods = order.items.reduce((sum, i) => sum + i.product.discountedPrice * i.quantity, 0);
  return {
    reference: courierReference(order.id),
    orderId: order.id,
    orderDate: order.createdAt,
    pickupLocation: account.pickupLocation,
    shipTo: { name: a.name, phone: a.phone, email: a.email, street: a.street, city: a.city, state: a.state, pinCode: normalisePin(a.pinCode) },
    items: order.items.map((i) => ({
      name: i.product.title,
      sku: i.variant?.sku ?? `P${i.product.id}-${i.color}-${i.size}`,
      units: i.quantity,
      sellingPriceRupees: i.product.discountedPrice,
      hsn: i.product.hsn ?? null,
      taxPercent: i.product.gstRatePercent ?? null,
    })),
    payment: order.paymentMethod === 'cash' ? 'cod' : 'prepaid',
    codAmountRupees: order.paymentMethod === 'cash' ? order.totalAmount : 0,
    subTotalRupees: goods,
    shippingRupees: order.shippingRupees,
    weightGrams,
    lengthCm: DEFAULT_BOX_CM.length,
    breadthCm: DEFAULT_BOX_CM.breadth,
    heightCm: DEFAULT_BOX_CM.height,
  };
}

async function callCourier(db: Db, fx: Effects, courierFor: CourierFor, claim: Exclude<Claim, { done: Shipment }>, by: number | null): Promise<Shipment> {
  const { row, order, account } = claim;
  let booking;
  try {
    booking = await courierFor(account).book(parcelToBook(order, account, row.weightGrams));
  } catch (err) {
    if (err instanceof PermanentCourierError) {
      // Nothing was booked: the order is free to book again, with the courier or by hand.
      await deleteShipment(db, row.id);
      throw new HttpError(422, `Shiprocket refused the booking: ${err.message}`);
    }
    const why = err instanceof RetryableCourierError ? err.message : 'no answer';
    await updateShipment(db, row.id, { bookingError: why.slice(0, 500) });
    throw new HttpError(504, `Shiprocket did not answer (${why}). Book again: it will not book the parcel twice`);
  }
  const shipment = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, order.id, true);
      const done = await updateShipment(tx, row.id, {
        status: 'booked',
        awb: booking.awb,
        courierName: booking.courierName,
        trackingUrl: booking.trackingUrl,
        labelUrl: booking.labelUrl,
        externalOrderId: booking.externalOrderId,
        externalShipmentId: booking.externalShipmentId,
        expectedDelivery: expectedFor(o, await getShopSettings(tx)),
        bookingError: null,
      });
      // Cancelled while the courier was asked: the parcel is booked and the owner sees it to cancel there.
      if (!ORDER_FINAL.includes(o.stage)) await applyStage(tx, fx, o, accountDeleted ? null : email, 'shipped', by);
      return toShipment(done);
    }),
  );
  fx.jobs.wake('mail');
  return shipment;
}

export interface UpdateResult {
  /** False for a replay: the event was recorded before. */
  recorded: boolean;
  /** Whether the order's stage moved. */
  moved: boolean;
}

/**
 * A courier's event (webhook or poll): recorded once by its id; it moves the shipment and the order
 * only when it is newer than the last one applied and the parcel is not done. `reference`, when the
 * courier sends one, must be this shipment's order.
 */
export async function applyTrackingUpdate(
  db: Db,
  fx: Effects,
  u: TrackingUpdate,
  source: 'webhook' | 'poll',
  reference?: string | null,
): Promise<UpdateResult> {
  const found = await shipmentByAwb(db, u.awb, 'shiprocket');
  if (!found) throw notFound(`No shipment has AWB ${u.awb}`);
  if (reference && reference !== courierReference(found.orderId))
    throw conflict(`AWB ${u.awb} belongs to another order than ${reference}`);
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      const { order: o, email, accountDeleted } = await lockOrder(tx, found.orderId, true);
      const s = (await liveShipment(tx, o.id)) ?? found;
      const stage = STAGE_OF[u.status] ?? 'shipped';
      const at = new Date(u.at);
      const recorded = await recordShipmentEvent(tx, s.id, {
        eventId: u.eventId,
        stage,
        at,
        location: u.location,
        description: u.description,
        source,
      });
      if (!recorded) return { recorded, moved: false };
      const newer = s.lastEventAt === null || at >= s.lastEventAt;
      if (!newer || FINAL.includes(s.status)) return { recorded, moved: false };
      await updateShipment(tx, s.id, { status: u.status, lastEventAt: at, ...(u.expectedDelivery && { expectedDelivery: u.expectedDelivery }) });
      const target = STAGE_OF[u.status];
      if (!target || target === o.stage || ORDER_FINAL.includes(o.stage)) return { recorded, moved: false };
      const change = await applyStage(tx, fx, o, accountDeleted ? null : email, target, null, { note: u.description });
      if (target === 'undelivered') {
        const to = await adminEmails(tx);
        if (to.length) await fx.jobs.send(tx, 'mail', deliveryFailedMail(change.order, to, fx, await getShopSettings(tx), u.description));
      }
      return { recorded, moved: true };
    }),
  );
  fx.jobs.wake('mail');
  return result;
}

const AFTER_BOOKING: readonly OrderStage[] = ['out_for_delivery', 'delivered', 'undelivered', 'rto'];

/**
 * `GET /api/track/{ref}`: by order number or AWB. The timeline is the order's own steps up to its
 * booking, then the parcel's; the delivery address only for whoever gives the order's phone or email.
 */
export async function trackingView(db: Db, ref: string, contact: string | undefined): Promise<Tracking> {
  const number = /^#?(\d{1,9})$/.exec(ref);
  const byAwb = number ? undefined : await shipmentByAwb(db, ref);
  const orderId = number ? Number(number[1]) : byAwb?.orderId;
  const missing = notFound(`We could not find an order or parcel with ${ref}`);
  if (orderId === undefined) throw missing;
  // An unpaid card order is no one's yet.
  const [listed] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.listed, true)));
  if (!listed) throw missing;
  const order = await loadOrder(db, orderId);
  const s = await liveShipment(db, order.id);
  const history = await statusHistory(db, order.id, false);
  const own: TrackingEvent[] = history
    .filter((h) => !h.event)
    .map((h, n) => {
      const stage = h.stage ?? (h.to === 'dispatched' ? 'shipped' : h.to);
      return { stage, at: h.at, description: n === 0 && h.from === null ? ORDER_PLACED : STAGE_LABELS[stage], location: null };
    })
    .filter((e) => !(s?.awb && AFTER_BOOKING.includes(e.stage)));
  const parcel: TrackingEvent[] = s?.awb
    ? (await eventsOf(db, s.id)).map((e) => ({ stage: e.stage, at: e.at.toISOString(), description: e.description, location: e.location }))
    : [];
  const events = [...own, ...parcel].sort((a, b) => a.at.localeCompare(b.at));
  const a = order.selectedAddress;
  return {
    orderId: order.id,
    stage: order.stage,
    status: order.status,
    placedAt: order.createdAt,
    shipment: s?.awb ? { courierName: s.courierName, awb: s.awb, trackingUrl: s.trackingUrl } : null,
    expectedDelivery: ORDER_FINAL.includes(order.stage) ? null : (s?.expectedDelivery ?? null),
    events,
    deliverTo: contact && contactMatches(order, contact) ? { name: a.name, street: a.street, city: a.city, state: a.state, pinCode: a.pinCode } : null,
  };
}

const lastTen = (v: string) => v.replace(/\D/g, '').slice(-10);

/** The order's phone (the last ten digits, however typed) or email (any case). */
export function contactMatches(order: Pick<Order, 'selectedAddress'>, contact: string): boolean {
  const c = contact.trim();
  if (c.includes('@')) return c.toLowerCase() === order.selectedAddress.email.trim().toLowerCase();
  const digits = lastTen(c);
  return digits.length === 10 && digits === lastTen(order.selectedAddress.phone);
}

export const rupeesToCollect = (order: Order): number | null => (order.paymentMethod === 'cash' && !order.cashCollected ? order.totalAmount : null);

/** What each booked order's 4 × 6 label prints (docs/product.md, Labels); orders without a parcel are left out. */
export async function labelsFor(db: Db, orderIds: number[]): Promise<LabelData[]> {
  const parcels = await bookedShipments(db, orderIds);
  if (parcels.length === 0) return [];
  const byOrder = new Map(parcels.map((p) => [p.orderId, p]));
  const shop = await getShopSettings(db);
  const found = await ordersByIds(db, orderIds.filter((id) => byOrder.has(id)));
  return found.map((order) => {
    const s = byOrder.get(order.id)!;
    const a = order.selectedAddress;
    return {
      awb: s.awb!,
      courierName: s.courierName,
      orderNumber: `Order #${order.id}`,
      invoiceNumber: order.invoiceNumber,
      shipTo: { name: a.name, phone: a.phone, street: a.street, city: a.city, state: a.state, pinCode: normalisePin(a.pinCode) },
      returnAddress: { name: shop.legalName, address: shop.address, phone: shop.supportPhone, gstin: shop.gstin },
      codAmountRupees: rupeesToCollect(order),
      weightGrams: s.weightGrams,
      dimensionsCm: null,
      items: order.items.map((i) => ({ title: i.product.title, quantity: i.quantity, sizeText: soldSizeText(i) })),
      shippedOn: indiaDate(s.createdAt),
    };
  });
}

/** One order's label, or why there is none. */
export async function labelFor(db: Db, orderId: number): Promise<LabelData> {
  const [label] = await labelsFor(db, [orderId]);
  if (label) return label;
  await loadOrder(db, orderId);
  throw conflict(`Order #${orderId} has no shipment yet: book it first`);
}

const POLL_BATCH = 50;
const POLL_EVERY_MS = 2 * 3_600_000;

/**
 * The `shipping.poll` job: a courier's live parcels not heard of in two hours are asked about; each
 * event goes through applyTrackingUpdate, so a webhook and a poll reporting the same event count once.
 */
export async function pollShipments(db: Db, fx: Effects, courierFor: CourierFor, now = new Date()): Promise<{ polled: number; moved: number }> {
  const account = await shiprocketAccount(db);
  if (!account?.enabled) return { polled: 0, moved: 0 };
  const due = await dueForPolling(db, new Date(now.getTime() - POLL_EVERY_MS), POLL_BATCH);
  let moved = 0;
  for (const s of due) {
    await updateShipment(db, s.id, { lastPolledAt: now });
    let updates: TrackingUpdate[];
    try {
      updates = await courierFor(account).track(s.awb!);
    } catch (err) {
      if (err instanceof PermanentCourierError || err instanceof RetryableCourierError) continue;
      throw err;
    }
    for (const u of updates) if ((await applyTrackingUpdate(db, fx, u, 'poll')).moved) moved++;
  }
  return { polled: due.length, moved };
}

/** docs/product.md, Shipping: the ticked orders booked with Shiprocket as a job; the reply is its progress. */
export async function startShipmentBatch(db: Db, fx: Effects, orderIds: number[], by: number): Promise<ShipmentBatch> {
  const batch = await db.transaction(async (tx) => {
    await requireShiprocket(tx);
    const row = await insertBatch(tx, orderIds, by);
    await fx.jobs.send(tx, 'shipping.book', { batchId: row.id });
    return row;
  });
  fx.jobs.wake('shipping.book');
  return toBatch(batch);
}

export async function shipmentBatch(db: Db, id: number): Promise<ShipmentBatch> {
  const row = await batchById(db, id);
  if (!row) throw notFound('No such booking');
  return toBatch(row);
}

/**
 * The `shipping.book` job: each order from the last one done, through bookShipment, so an order already
 * booked (by hand meanwhile, or before a retry of this job) is a failure that says so, never a second parcel.
 */
export async function runShipmentBatch(db: Db, fx: Effects, courierFor: CourierFor, batchId: number): Promise<void> {
  const batch = await batchById(db, batchId);
  if (!batch || batch.finishedAt) return;
  const ids = batch.orderIds;
  for (let i = batch.done; i < ids.length; i++) {
    let failure: { orderId: number; error: string } | null = null;
    try {
      await bookShipment(db, fx, courierFor, ids[i]!, { courier: 'shiprocket' }, batch.byUserId);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failure = { orderId: ids[i]!, error: err.message };
    }
    await advanceBatch(db, batchId, failure, i === ids.length - 1);
  }
}
