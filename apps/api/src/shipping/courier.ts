/**
 * Couriers behind one interface (decision 041). The manual courier (the owner types the courier's name
 * and the AWB) needs no adapter: it is a row in the shipments table. A courier with an API implements
 * `Courier`; today that is Shiprocket (`shiprocket.ts`). Types only, no I/O.
 */

/** Where a parcel is, in our words. The shipment row adds `booking` (the courier not yet answered). */
export type ShipmentStatus =
  'booked' | 'shipped' | 'out_for_delivery' | 'delivered' | 'undelivered' | 'rto' | 'cancelled';

export interface ParcelToBook {
  /** Our reference for this order at the courier (the courier's channel order id), e.g. "ORD-123": unique per order. */
  reference: string;
  orderId: number;
  /** ISO timestamp. */
  orderDate: string;
  /** Shiprocket's pickup location nickname. */
  pickupLocation: string;
  shipTo: {
    name: string;
    phone: string;
    email: string;
    street: string;
    city: string;
    state: string;
    pinCode: string;
  };
  items: {
    name: string;
    sku: string;
    units: number;
    sellingPriceRupees: number;
    hsn: string | null;
    taxPercent: number | null;
  }[];
  /** 'cod': the courier collects codAmountRupees; 'prepaid': nothing to collect. */
  payment: 'cod' | 'prepaid';
  codAmountRupees: number;
  subTotalRupees: number;
  shippingRupees: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface Booking {
  externalOrderId: string;
  externalShipmentId: string;
  awb: string;
  /** The courier who carries it (Shiprocket assigns one: "Delhivery Surface", "Xpressbees"…). */
  courierName: string;
  trackingUrl: string;
  /** Null when the label could not be had at booking: it can be asked for again later. */
  labelUrl: string | null;
}

export interface TrackingUpdate {
  awb: string;
  status: ShipmentStatus;
  /** ISO; the courier's time of the event. */
  at: string;
  location: string | null;
  /** The courier's own words, e.g. "Out For Delivery". */
  description: string;
  /** Stable id of this event at the courier (for idempotency): e.g. `${awb}:${statusId}:${timestamp}` */
  eventId: string;
  /** YYYY-MM-DD when the courier says. */
  expectedDelivery: string | null;
}

export interface Courier {
  readonly name: 'shiprocket';
  /** Idempotent by parcel.reference: if the courier already holds an order with this reference, reuse it (and its AWB if assigned); never creates a second. */
  book(parcel: ParcelToBook): Promise<Booking>;
  /** Every event the courier reports for this AWB, oldest first. */
  track(awb: string): Promise<TrackingUpdate[]>;
}

/** A 4xx other than 401/429, bad credentials, a refused order: no retry helps. */
export class PermanentCourierError extends Error {
  override name = 'PermanentCourierError';
}

/** A timeout, a network failure, a 5xx, a 429: the same call may succeed later. */
export class RetryableCourierError extends Error {
  override name = 'RetryableCourierError';
}

/** Maps a courier's status words/ids to ours; unknown ones → null (ignored). */
export type CourierStatusMap = (said: {
  id?: number | string | null;
  words?: string | null;
}) => ShipmentStatus | null;
