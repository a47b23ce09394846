/**
 * Shipping (docs/product.md, Shipping): an order's stages from placed to delivered, its shipment, and the
 * shipping charge's sum. No zod here: the checkout summary and the tracking page import it on a first
 * visit. The schemas are in shipping-schemas.ts.
 */
import type { OrderStatus } from './constants.ts';

/**
 * Where an order is in its life. SPEC's four statuses stay what the original client and the order
 * filters see: each stage maps to one of them (STAGE_STATUS).
 */
export const ORDER_STAGES = [
  'pending',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto',
  'cancelled',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const STAGE_STATUS: Record<OrderStage, OrderStatus> = {
  pending: 'pending',
  confirmed: 'pending',
  packed: 'pending',
  shipped: 'dispatched',
  out_for_delivery: 'dispatched',
  undelivered: 'dispatched',
  delivered: 'delivered',
  // The parcel came back: the sale did not happen (the stock is back, a credit note cancels the invoice).
  rto: 'cancelled',
  cancelled: 'cancelled',
};

export const STAGE_LABELS: Record<OrderStage, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  rto: 'Returned to us',
  cancelled: 'Cancelled',
};

/**
 * The stages staff may move an order to by hand, from each stage. `shipped` is reached by booking a
 * shipment (a courier and an AWB), and a cancelled order is reopened by its own action, with a reason.
 * Nothing goes backwards except a failed attempt going out again.
 */
export const NEXT_STAGES: Record<OrderStage, readonly OrderStage[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['cancelled'],
  shipped: ['out_for_delivery', 'delivered', 'undelivered'],
  out_for_delivery: ['delivered', 'undelivered'],
  undelivered: ['out_for_delivery', 'delivered', 'rto'],
  delivered: [],
  rto: [],
  cancelled: [],
};

/** A stage change that mails the shopper or undoes work: the admin's control asks first. */
export const STAGES_TO_CONFIRM: readonly OrderStage[] = ['cancelled', 'delivered', 'rto'];

/** Stages from which a shipment may be booked. */
export const BOOKABLE_STAGES: readonly OrderStage[] = ['confirmed', 'packed'];

export const COURIERS = ['manual', 'shiprocket'] as const;
export type CourierName = (typeof COURIERS)[number];

export const SHIPMENT_STATUSES = ['booking', 'booked', 'shipped', 'out_for_delivery', 'delivered', 'undelivered', 'rto', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** On the order JSON (`shipment`), and `GET /api/orders/{id}/shipments`. */
export interface Shipment {
  id: number;
  courier: CourierName;
  /** The courier who carries it: what the owner typed, or the one Shiprocket assigned. */
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  status: ShipmentStatus;
  weightGrams: number;
  /** India date, YYYY-MM-DD, when the courier or the shop's delivery settings say. */
  expectedDelivery: string | null;
  createdAt: string;
}

/** The first step of every order's timeline. */
export const ORDER_PLACED = 'Order placed';

export interface TrackingEvent {
  stage: OrderStage;
  at: string;
  /** The courier's words, or the shop's. */
  description: string;
  location: string | null;
}

/** An order number (`123`, `#123`) or an AWB, as the tracking page and `GET /api/track/{ref}` take it. */
export const TRACK_REF_RE = /^#?[A-Za-z0-9-]{1,40}$/;
export const TRACK_REF_MESSAGE = 'Enter an order number or an AWB';

/** `GET /api/track/{order number or AWB}`: the address only to whoever gives the order's phone or email. */
export interface Tracking {
  orderId: number;
  stage: OrderStage;
  status: OrderStatus;
  placedAt: string;
  shipment: { courierName: string; awb: string; trackingUrl: string | null } | null;
  expectedDelivery: string | null;
  events: TrackingEvent[];
  deliverTo: { name: string; street: string; city: string; state: string; pinCode: string } | null;
}

/** The owner's rates: per zone, the first slab and each further slab, in whole rupees. */
export interface ZoneRate {
  firstSlabRupees: number;
  extraSlabRupees: number;
}
export interface ShippingRules {
  /** Goods worth at least this ship free; null: never free. */
  freeAboveRupees: number | null;
  slabGrams: number;
  /** A product without a weight weighs this. */
  defaultWeightGrams: number;
  rates: Record<'local' | 'state' | 'metro' | 'rest' | 'remote', ZoneRate>;
}

/** A parcel's box in cm. */
export interface PackageCm {
  length: number;
  breadth: number;
  height: number;
}

/** Volumetric weight in grams: L × B × H (cm) / 5000 kg, as couriers charge it. */
export const volumetricGrams = (cm: { length: number; breadth: number; height: number }): number =>
  Math.ceil((cm.length * cm.breadth * cm.height) / 5);

/** The weight a parcel is charged at: the greater of its actual and volumetric weights, up to the slab. */
export function chargedGrams(actualGrams: number, volumetric: number, slabGrams: number): number {
  const grams = Math.max(actualGrams, volumetric, 1);
  return Math.ceil(grams / slabGrams) * slabGrams;
}

/** The shipping charge in paise for a parcel charged at `grams` to `zone`, on goods worth `goodsPaise`. */
export function shippingChargePaise(rules: ShippingRules, zone: keyof ShippingRules['rates'], grams: number, goodsPaise: number): number {
  if (rules.freeAboveRupees !== null && goodsPaise >= rules.freeAboveRupees * 100) return 0;
  const rate = rules.rates[zone];
  const slabs = Math.max(1, Math.ceil(grams / rules.slabGrams));
  return (rate.firstSlabRupees + (slabs - 1) * rate.extraSlabRupees) * 100;
}

/** `GET /api/shipping/quote?pin=`: the charge for the shopper's cart to that PIN, as the checkout will take it. */
export interface ShippingQuote {
  pin: string;
  zone: keyof ShippingRules['rates'];
  chargedGrams: number;
  /** Rupees; 0 when free. */
  shippingRupees: number;
  freeAboveRupees: number | null;
}

/** A bulk booking's progress (`GET /api/shipping/batches/{id}`): `done` counts booked and failed orders. */
export interface ShipmentBatch {
  id: number;
  total: number;
  done: number;
  failures: { orderId: number; error: string }[];
  finished: boolean;
}
