import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { addressSchema, type Address } from './address.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Role,
} from './constants.ts';

const PLACE_ORDER_MESSAGE = MESSAGES.selectAddressAndPayment;

/**
 * Body of POST /orders and POST /payment/initiate. The client still sends SPEC §7's whole order,
 * but only the address and the payment method are read: items, totals, user and status are the
 * server's (DESIGN §3 fix).
 */
export const orderBodySchema = z.object({
  selectedAddress: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, PLACE_ORDER_MESSAGE)
    .pipe(addressSchema),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PLACE_ORDER_MESSAGE }),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

/** Body of PATCH /orders/:id (admin): status only. */
export const orderPatchSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: 'Invalid status' }) });
export type OrderPatch = z.infer<typeof orderPatchSchema>;

export const ORDER_SORT_KEYS = ['totalAmount', 'paymentMethod', 'createdAt', 'updatedAt'] as const;

export interface OrderItem {
  id: number;
  quantity: number;
  color: string;
  size: number;
  /** The product as it was when the order was placed. */
  product: {
    id: number;
    title: string;
    brand: string;
    category: string;
    thumbnail: string;
    price: number;
    discountPercentage: number;
    discountedPrice: number;
    /** The product's own HSN and GST rate when sold (null: its category's); absent on orders placed before issue 15. */
    hsn?: string | null;
    gstRatePercent?: number | null;
  };
}

/** An order as the API sends it (DESIGN §3). */
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
  /** The order's GST tax invoice (issued when the sale is confirmed), e.g. `INV/26-27/000001`; null when none. */
  invoiceNumber: string | null;
  /** The credit note that cancelled the order's invoice, e.g. `CN/26-27/000001`; null when none. */
  creditNoteNumber: string | null;
}

export interface OwnerOrderList {
  orders: Order[];
  totalOrders: number;
}

/** SPEC §3: the admin list names its orders `products`. */
export interface AdminOrderList {
  products: Order[];
  totalOrders: number;
}

/** Reply of POST /payment/initiate; amount in paise as the provider wants it. */
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

/** One step of an order's status history (issue 16): `from` is null at placement. */
export interface OrderStatusEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  /** Who changed it, for admins only: null when the shop itself did (a placement, a lapsed card hold). */
  by?: { id: number; name: string; role: Role } | null;
}

/** The dashboard's headline figures for one period (issue 16); money in rupees. */
export interface DashboardFigures {
  /** Paid card orders and cash orders, not cancelled. */
  revenue: number;
  /** Orders placed (listed: cash, and card once paid), cancelled ones included. */
  orders: number;
  /** Revenue over the orders that make it; 0 when there are none. */
  averageOrderValue: number;
  unitsSold: number;
  /** Cancelled orders over orders placed, 0…1; 0 when there are none. */
  cancellationRate: number;
}

export interface DashboardProduct {
  productId: number;
  title: string;
  revenue: number;
  units: number;
}

/** Reply of GET /dashboard?from&to (issue 16). Days are India's calendar days, `to` included. */
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
  lowStock: { threshold: number; products: { id: number; title: string; brand: string; stock: number; thumbnail: string }[] };
  lowStockAlerts: { productId: number; title: string; stock: number; at: string }[];
}
