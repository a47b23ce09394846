// Returns, exchanges and refunds (docs/product.md, Returns and refunds; decision 043). No zod here:
// the shopper's order page and the admin's screens import this without the schema library.

export const RETURN_REASONS = ['size', 'colour', 'damaged', 'not_as_described', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  size: 'Wrong size or fit',
  colour: 'Colour looks different',
  damaged: 'Arrived damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

/** "damaged" needs at least one photo; any reason takes up to three. */
export const MAX_RETURN_PHOTOS = 3;
export const PHOTO_REQUIRED_REASONS: readonly ReturnReason[] = ['damaged'];

/**
 * requested → approved → received → refunded, or rejected (when asked, or after inspection).
 * A return with nothing to refund (an even exchange) goes from received straight to refunded's
 * sibling `closed`.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Not accepted',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Completed',
};

/** Where a cash order's refund goes; a card/UPI order's goes back to its payment. */
export type RefundTo = { upi: string } | { accountNumber: string; ifsc: string; name: string };

export const UPI_RE = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_RE = /^\d{9,18}$/;

export interface ReturnItem {
  id: number;
  /** The order item returned. */
  itemId: number;
  title: string;
  thumbnail: string;
  color: string;
  sizeText: string;
  quantity: number;
  reason: ReturnReason;
  photos: string[];
  /** Another size or colour of the same product instead of money; null for a refund. */
  exchange: { color: string; size: string; sizeText: string; variantId: number | null } | null;
}

export interface ReturnEvent {
  status: ReturnStatus;
  at: string;
  /** The shop's reason for a rejection, the pickup's AWB, a transfer's reference… */
  note: string | null;
}

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface Refund {
  id: number;
  orderId: number;
  returnId: number | null;
  /** Rupees (paise / 100). */
  amount: number;
  amountPaise: number;
  /** `original`: back to the card/UPI payment through the provider; `transfer`: the owner pays it by UPI or bank. */
  method: 'original' | 'transfer';
  status: RefundStatus;
  /** The provider's refund id, or the owner's UPI/bank reference. */
  reference: string | null;
  createdAt: string;
  processedAt: string | null;
}

export interface ReturnRequest {
  id: number;
  orderId: number;
  status: ReturnStatus;
  items: ReturnItem[];
  /** A cash order's refund destination: whole to the staff who pay it, masked to the shopper. */
  refundTo: RefundTo | null;
  /** The parcel coming back: the shop's reverse pickup, or the AWB the shopper entered. */
  pickup: { courierName: string; awb: string } | null;
  rejectReason: string | null;
  /** Set on receipt: the goods went back into stock (false: accepted as damaged). */
  restocked: boolean | null;
  /** What goes back for the items refunded (goods only), in rupees and paise. */
  refundAmount: number;
  refundAmountPaise: number;
  /** A dearer exchange's difference, collected on the exchange's delivery (rupees). */
  collectAmount: number;
  creditNote: { id: number; number: string; issuedAt: string; total: number } | null;
  refund: Refund | null;
  /** The order that ships the exchanged items, once the return is received. */
  exchangeOrderId: number | null;
  createdAt: string;
  updatedAt: string;
  events: ReturnEvent[];
  /** On the admin list: the shopper's name and the order's payment method. */
  customerName?: string;
  paymentMethod?: 'cash' | 'card';
}

/** On the order (`GET /api/orders/{id}/returns`): the requests, and what can still be asked. */
export interface OrderReturns {
  returns: ReturnRequest[];
  /** Last day to ask (India's date, YYYY-MM-DD); null: the order is not delivered or the shop takes no returns. */
  returnBy: string | null;
  /** Per order item: how many can still be returned (0 when non-returnable or all asked). */
  returnable: { itemId: number; quantity: number; reason?: 'non_returnable' | 'window_closed' | 'not_delivered' | 'asked' }[];
  /** Credit notes of this order, oldest first (each at `/api/orders/{id}/credit-notes/{docId}`). */
  creditNotes: { id: number; number: string; issuedAt: string; total: number }[];
  refunds: Refund[];
}

/** Settings → Returns. */
export interface ReturnRules {
  /** Days after delivery; 0: the shop takes no returns. */
  windowDays: number;
  /** Category names whose products cannot be returned (e.g. blouses stitched to measure). */
  nonReturnableCategories: string[];
}

export const DEFAULT_RETURN_RULES: ReturnRules = { windowDays: 7, nonReturnableCategories: [] };

/** Dashboard: returns by reason and by product, and the money still owed. */
export interface ReturnFigures {
  byReason: { reason: ReturnReason; count: number }[];
  topProducts: { productId: number; title: string; returned: number; sold: number }[];
  refundsOwed: { count: number; amount: number };
  open: number;
}

export function maskRefundTo(to: RefundTo): RefundTo {
  if ('upi' in to) {
    const [user = '', host = ''] = to.upi.split('@');
    return { upi: `${user.slice(0, 2)}***@${host}` };
  }
  return { accountNumber: `••••${to.accountNumber.slice(-4)}`, ifsc: to.ifsc, name: to.name };
}
