import type { ReturnFigures } from './returns.ts';
import type { AppliedDiscount, PromotionPeriod } from './promotions.ts';
import type { DashboardReviews } from './reviews.ts';
import type { SizeUnit, VariantRef } from './variants.ts';
import type { OrderConfirmation } from './pin.ts';
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { addressSchema, type Address } from './address.ts';
import { ORDER_STAGES, type OrderStage, type Shipment } from './shipping.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Role,
} from './constants.ts';

const PLACE_ORDER_MESSAGE = MESSAGES.selectAddressAndPayment;

/** Only address and method are read: lines, totals, user and status are the server's (docs/decisions/003). */
export const orderBodySchema = z.object({
  selectedAddress: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, PLACE_ORDER_MESSAGE)
    .pipe(addressSchema),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PLACE_ORDER_MESSAGE }),
  /** docs/product.md, Promotions: when the cart's code can no longer be used, place the order without it (else a 409). */
  withoutCode: z.boolean({ error: 'withoutCode: true or false' }).optional(),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

/**
 * SPEC's `status`, or one of the finer stages (docs/product.md, Shipping). The original client sends the
 * whole order back, `stage` included: a `status` the stage does not mean is the change asked for.
 */
export const orderPatchSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Invalid status' }).optional(),
    stage: z.enum(ORDER_STAGES, { error: 'Invalid stage' }).optional(),
  })
  .refine((b) => b.status !== undefined || b.stage !== undefined, { message: 'Invalid status', path: ['status'] });

/** docs/product.md, My Orders: a shopper may cancel while the order is still being prepared, before dispatch. */
export const SHOPPER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending'];

export const CANCEL_REASONS = {
  mistake: 'I ordered it by mistake',
  better_price: 'I found a better price elsewhere',
  too_late: 'It would arrive too late for me',
  size_or_colour: 'I want a different size or colour',
  other: 'Something else',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;
export const CANCEL_REASON_KEYS = Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]];

export const orderCancelBodySchema = z.object({
  reason: z.enum(CANCEL_REASON_KEYS, { error: 'Please choose a reason' }),
});
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;

/** Money was taken for an order that will not ship: the shop refunds it by hand (no refund path yet). */
export const needsRefund = (order: Pick<Order, 'status' | 'payment'>): boolean =>
  order.status === 'cancelled' && order.payment.status === 'paid';

export const ORDER_SORT_KEYS = ['totalAmount', 'paymentMethod', 'createdAt', 'updatedAt'] as const;

export interface OrderItem {
  id: number;
  quantity: number;
  color: string;
  size: number;
  product: {
    id: number;
    title: string;
    brand: string;
    category: string;
    thumbnail: string;
    price: number;
    discountPercentage: number;
    discountedPrice: number;
    /** Absent on older orders; null: the category's. */
    hsn?: string | null;
    gstRatePercent?: number | null;
    /** How its sizes are measured; absent on older orders (inches). */
    sizeUnit?: SizeUnit;
  };
  /** Absent on older orders; null for a product with one shared stock. */
  variant?: VariantRef | null;
  /** What promotions took off this line, in rupees (docs/product.md, Promotions); the line's price is still `product.discountedPrice`. */
  discountRupees?: number;
}

export interface Order {
  id: number;
  items: OrderItem[];
  totalAmount: number;
  totalItems: number;
  user: number;
  paymentMethod: PaymentMethod;
  payment: { paymentMethod: PaymentMethod; status: PaymentStatus };
  selectedAddress: Address;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  /** On the shopper's list, detail and cancel reply: who cancelled, and their reason; null while not cancelled. */
  cancellation?: OrderCancellation | null;
  /** Cash on delivery's fee, in `totalAmount` (rupees; 0 for none). */
  codFee: number;
  /** Taken off `totalAmount` for paying online (rupees; 0 for none). */
  prepaidDiscount: number;
  /**
   * A cash order the shop asks the shopper to confirm: `awaiting` until they do (or staff do after a call),
   * cancelled by the shop at `confirmBy`. `status` stays `pending` meanwhile.
   */
  confirmation: OrderConfirmation;
  confirmBy: string | null;
  /** A cash order's money is in: the courier collected it on delivery, or the owner marked it. */
  cashCollected: boolean;
  /** Where the order is, finer than `status` (which STAGE_STATUS maps it to). */
  stage: OrderStage;
  /** The shipping charge, in `totalAmount` (rupees; 0 when free). */
  shippingRupees: number;
  /** The order's parcel once booked; null before. */
  shipment: Pick<Shipment, 'courier' | 'courierName' | 'awb' | 'trackingUrl' | 'status' | 'expectedDelivery'> | null;
  /** An exchange's order: the return it ships (null for a sale). */
  exchangeOf?: number | null;
  /** The returned goods' value that pays for an exchange, taken off `totalAmount` (rupees; 0 for none). */
  exchangeCredit?: number;
  /** The promotions the order got (docs/product.md, Promotions); `totalAmount` is after them. */
  discounts?: AppliedDiscount[];
}

/** `GET/POST /api/orders/{id}/confirm`: what the confirmation link shows, to whoever holds it. */
export interface CodConfirmation {
  orderId: number;
  status: OrderStatus;
  confirmation: OrderConfirmation;
  confirmBy: string | null;
  createdAt: string;
  totalAmount: number;
  codFee: number;
  items: { title: string; quantity: number; thumbnail: string; sizeText: string; color: string; price: number }[];
  deliverTo: { name: string; city: string; state: string; pinCode: string };
}

/** With the link's token, the shopper; with no body or no token, staff. */
export const orderConfirmBodySchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This confirmation link is not valid').optional(),
  })
  .nullish();

export interface OrderCancellation {
  byShopper: boolean;
  reason: CancelReason | null;
}

export interface OwnerOrderList {
  orders: Order[];
  totalOrders: number;
}

/** The original client reads the admin list's orders under `products` (docs/product.md, Order calls). */
export interface AdminOrderList {
  products: Order[];
  totalOrders: number;
}

/** `amount` is in paise, as the provider wants it. */
export interface PaymentInitiation {
  paymentId: string;
  razorpayID: string;
  orderId: number;
  amount: number;
  currency: 'INR';
}

export const paymentVerifyBodySchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type PaymentVerifyBody = z.infer<typeof paymentVerifyBodySchema>;

export interface OrderStatusEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  /** For admins only; null when the shop itself made the change (a placement, a lapsed card hold). */
  by?: { id: number; name: string; role: Role } | null;
  /** Present when the shopper cancelled the order themselves. */
  reason?: CancelReason;
  /** A step that kept the status: a cash order confirmed, or its cash collected. */
  event?: 'cod_confirmed' | 'cash_collected';
  /** The stage the order moved to (absent on changes made before stages existed). */
  stage?: OrderStage;
  /** Why staff reopened a cancelled order, or the courier's words for a parcel's step. */
  note?: string;
}

export interface DashboardFigures {
  revenue: number;
  orders: number;
  averageOrderValue: number;
  unitsSold: number;
  cancellationRate: number;
}

export interface DashboardProduct {
  productId: number;
  title: string;
  revenue: number;
  units: number;
}

/** Days are India's calendar days, `to` included. */
export interface Dashboard {
  period: { from: string; to: string; days: number };
  previousPeriod: { from: string; to: string };
  figures: DashboardFigures;
  previous: DashboardFigures;
  daily: { date: string; revenue: number; orders: number }[];
  byStatus: { status: OrderStatus; orders: number }[];
  byPaymentMethod: { paymentMethod: PaymentMethod; orders: number; revenue: number }[];
  topByRevenue: DashboardProduct[];
  topByUnits: DashboardProduct[];
  /** `waiting`: shoppers subscribed to be told when the product is back (confirmed back-in-stock alerts). */
  lowStock: { threshold: number; products: { id: number; title: string; brand: string; stock: number; thumbnail: string; waiting?: number }[] };
  lowStockAlerts: { productId: number; title: string; stock: number; at: string }[];
  /**
   * The period's cash orders: their share of the listed orders (0..1), how many were confirmed, are still
   * awaiting confirmation, or were cancelled unconfirmed (docs/product.md, Cash on delivery).
   */
  cod?: {
    orders: number;
    share: number;
    confirmed: number;
    cancelledUnconfirmed: number;
    awaiting: number;
    /**
     * The period's shipped cash orders by the PIN's first three digits (a sorting district), where any came
     * back: returned to the shop (`rto` stage) of those shipped. The ten with the most returns.
     */
    returnedByPrefix?: { prefix: string; shipped: number; returned: number; rate: number }[];
  };
  /** The period's return requests by reason and product, and the refunds the shop still owes (any period). */
  returns?: ReturnFigures;
  /** The promotions orders used in the period, most discount first (at most 10), with their orders by day. */
  promotions?: PromotionPeriod[];
  /** The reviews written in the period, how many wait for approval, and the latest five. */
  newReviews?: DashboardReviews;
}
