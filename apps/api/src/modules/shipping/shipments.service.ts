import { and, asc, desc, eq, inArray, lt, or, sql, isNull } from 'drizzle-orm';
import { STAGE_LABELS, type CourierName, type OrderStage, type Shipment, type ShipmentStatus, type ShipmentBatch, type ShiprocketAccount, type ShiprocketAccountBody } from '@shop/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { courierAccounts, shipmentEvents, shipments, shippingBatches } from './shipping.table.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

export function toShipment(r: ShipmentRow): Shipment {
  return {
    id: r.id,
    courier: r.courier,
    courierName: r.courierName,
    awb: r.awb ?? '',
    trackingUrl: r.trackingUrl,
    status: r.status,
    weightGrams: r.weightGrams,
    expectedDelivery: r.expectedDelivery,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The order's live shipment (one at most: shipments_order_live_idx), locked with the order's lock held. */
export async function liveShipment(db: DbOrTx, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), sql`${shipments.status} <> 'cancelled'`));
  return row;
}

export async function listShipments(db: DbOrTx, orderId: number): Promise<Shipment[]> {
  const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
  return rows.map(toShipment);
}

/** Live shipments with an AWB for these orders, for labels. */
export async function bookedShipments(db: DbOrTx, orderIds: number[]): Promise<ShipmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), sql`${shipments.status} <> 'cancelled'`, sql`${shipments.awb} is not null`));
}

export async function shipmentByAwb(db: DbOrTx, awb: string, courier?: CourierName): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.awb, awb), courier ? eq(shipments.courier, courier) : undefined))
    .orderBy(desc(shipments.id))
    .limit(1);
  return row;
}

export async function insertShipment(tx: Tx, values: typeof shipments.$inferInsert): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values(values).returning();
  return row!;
}

export async function updateShipment(db: DbOrTx, id: number, values: Partial<typeof shipments.$inferInsert>): Promise<ShipmentRow> {
  const [row] = await db
    .update(shipments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

export async function deleteShipment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(shipments).where(eq(shipments.id, id));
}

export interface EventInput {
  eventId: string;
  stage: OrderStage;
  at: Date;
  location: string | null;
  description: string;
  source: 'staff' | 'webhook' | 'poll';
}

/** False when the courier's event was recorded already (a replay): each event counts once. */
export async function recordShipmentEvent(tx: Tx, shipmentId: number, e: EventInput): Promise<boolean> {
  const inserted = await tx
    .insert(shipmentEvents)
    .values({ shipmentId, ...e })
    .onConflictDoNothing({ target: [shipmentEvents.shipmentId, shipmentEvents.eventId] })
    .returning({ id: shipmentEvents.id });
  return inserted.length > 0;
}

export async function eventsOf(db: DbOrTx, shipmentId: number) {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
}

/** The polling job's next shipments: a courier's live parcels not asked about since `before`, longest first. */
export async function dueForPolling(db: DbOrTx, before: Date, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(
      and(
        sql`${shipments.status} in ('booked', 'shipped', 'out_for_delivery', 'undelivered') and ${shipments.courier} <> 'manual'`,
        or(isNull(shipments.lastPolledAt), lt(shipments.lastPolledAt, before)),
      ),
    )
    .orderBy(sql`${shipments.lastPolledAt} asc nulls first`)
    .limit(limit);
}

export type ShiprocketAccountRow = typeof courierAccounts.$inferSelect;

/** The server's own copy, with the password: never sent to a client. */
export async function shiprocketAccount(db: DbOrTx): Promise<ShiprocketAccountRow | undefined> {
  const [row] = await db.select().from(courierAccounts).where(eq(courierAccounts.courier, 'shiprocket'));
  return row;
}

export function publicAccount(row: ShiprocketAccountRow | undefined): ShiprocketAccount | null {
  if (!row) return null;
  return { enabled: row.enabled, email: row.email, passwordSet: row.password !== '', pickupLocation: row.pickupLocation, webhookToken: row.webhookToken };
}

/** Settings → Couriers: a body without a password keeps the one saved; the first save needs one. */
export async function saveShiprocketAccount(db: Db, body: ShiprocketAccountBody): Promise<ShiprocketAccount> {
  const prior = await shiprocketAccount(db);
  const password = body.password ?? prior?.password;
  if (!password) throw badRequest('Enter the Shiprocket API user’s password');
  const values = { enabled: body.enabled, email: body.email, password, pickupLocation: body.pickupLocation, webhookToken: body.webhookToken };
  const [row] = await db
    .insert(courierAccounts)
    .values({ courier: 'shiprocket', ...values })
    .onConflictDoUpdate({ target: courierAccounts.courier, set: { ...values, updatedAt: new Date() } })
    .returning();
  return publicAccount(row)!;
}

/** The parcel's status a stage set by hand means. */
const SHIPMENT_STATUS_OF: Partial<Record<OrderStage, ShipmentStatus>> = {
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'undelivered',
  rto: 'rto',
};

/** Staff moving a booked order's stage by hand also writes the parcel's timeline. */
export async function recordStaffStep(tx: Tx, orderId: number, stage: OrderStage): Promise<void> {
  const status = SHIPMENT_STATUS_OF[stage];
  if (!status) return;
  const s = await liveShipment(tx, orderId);
  if (!s?.awb) return;
  const now = new Date();
  await recordShipmentEvent(tx, s.id, { eventId: `staff:${stage}:${now.getTime()}`, stage, at: now, location: null, description: STAGE_LABELS[stage], source: 'staff' });
  if (!DONE_PARCEL.includes(s.status)) await updateShipment(tx, s.id, { status, lastEventAt: now });
}

const DONE_PARCEL: readonly ShipmentStatus[] = ['delivered', 'rto', 'cancelled'];


export type BatchRow = typeof shippingBatches.$inferSelect;

export function toBatch(r: BatchRow): ShipmentBatch {
  return { id: r.id, total: r.orderIds.length, done: r.done, failures: r.failures, finished: r.finishedAt !== null };
}

export async function insertBatch(tx: Tx, orderIds: number[], byUserId: number): Promise<BatchRow> {
  const [row] = await tx.insert(shippingBatches).values({ kind: 'book', orderIds, courier: 'shiprocket', byUserId }).returning();
  return row!;
}

export async function batchById(db: DbOrTx, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(shippingBatches).where(eq(shippingBatches.id, id));
  return row;
}

/** One more order of the batch done; `failure` when it could not be booked. */
export async function advanceBatch(db: DbOrTx, id: number, failure: { orderId: number; error: string } | null, last: boolean): Promise<void> {
  await db
    .update(shippingBatches)
    .set({
      done: sql`${shippingBatches.done} + 1`,
      ...(failure && { failures: sql`${shippingBatches.failures} || ${JSON.stringify([failure])}::jsonb` }),
      ...(last && { finishedAt: new Date() }),
    })
    .where(eq(shippingBatches.id, id));
}
