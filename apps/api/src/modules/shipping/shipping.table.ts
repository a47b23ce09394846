import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CourierName, OrderStage, ShipmentStatus } from '@shop/shared';
import { orders } from '../orders/orders.table.ts';
import { users } from '../users/users.table.ts';

/**
 * An order's parcel (docs/product.md, Shipping). One live shipment per order: the row is written
 * before the courier is called, so a retry or a second admin finds it instead of booking again.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').$type<CourierName>().notNull(),
    courierName: text('courier_name').notNull().default(''),
    // Null while a courier's booking is under way.
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    externalOrderId: text('external_order_id'),
    externalShipmentId: text('external_shipment_id'),
    status: text('status').$type<ShipmentStatus>().notNull(),
    weightGrams: integer('weight_grams').notNull(),
    expectedDelivery: date('expected_delivery', { mode: 'string' }),
    // The courier's time of the latest event applied: an older one arriving late changes nothing.
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    bookingError: text('booking_error'),
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipments_courier_check', sql`${t.courier} in ('manual', 'shiprocket')`),
    check(
      'shipments_status_check',
      sql`${t.status} in ('booking', 'booked', 'shipped', 'out_for_delivery', 'delivered', 'undelivered', 'rto', 'cancelled')`,
    ),
    uniqueIndex('shipments_order_live_idx')
      .on(t.orderId)
      .where(sql`${t.status} <> 'cancelled'`),
    // One AWB is one parcel: the same AWB for a second order is refused.
    uniqueIndex('shipments_awb_idx')
      .on(t.courier, t.awb)
      .where(sql`${t.awb} is not null`),
    index('shipments_awb_lookup_idx').on(t.awb),
    // The polling job's next shipments: the longest unpolled first.
    index('shipments_poll_idx')
      .on(t.lastPolledAt)
      .where(sql`${t.status} in ('booked', 'shipped', 'out_for_delivery', 'undelivered') and ${t.courier} <> 'manual'`),
  ],
);

/** Each courier event once (webhook, poll or staff), by the courier's own id for it. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    stage: text('stage').$type<OrderStage>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location'),
    description: text('description').notNull(),
    source: text('source').$type<'staff' | 'webhook' | 'poll'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_events_event_idx').on(t.shipmentId, t.eventId),
    index('shipment_events_shipment_at_idx').on(t.shipmentId, t.at),
  ],
);

/** Settings → Couriers: one row per courier account. Read only by the server, never sent back whole. */
export const courierAccounts = pgTable('courier_accounts', {
  courier: text('courier').$type<CourierName>().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  email: text('email').notNull(),
  password: text('password').notNull(),
  pickupLocation: text('pickup_location').notNull(),
  webhookToken: text('webhook_token').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bulk action on ticked orders (book, labels), run as a job; its progress is read by the admin. */
export const shippingBatches = pgTable('shipping_batches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<'book'>().notNull(),
  orderIds: jsonb('order_ids').$type<number[]>().notNull(),
  courier: text('courier').$type<CourierName>().notNull(),
  done: integer('done').notNull().default(0),
  failures: jsonb('failures').$type<{ orderId: number; error: string }[]>().notNull().default([]),
  byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
