// docs/product.md, Promotions: what the owner makes and what the cart, the order and the product pages show.

export const PROMOTION_KINDS = ['percent', 'fixed', 'buy_x_get_y', 'free_shipping', 'prepaid'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'Percentage off',
  fixed: 'Amount off',
  buy_x_get_y: 'Buy X get Y',
  free_shipping: 'Free shipping',
  prepaid: 'Off for paying online',
};

/** A fixed amount comes off the whole (shared over the matching lines by their value) or off each matching piece. */
export const PROMOTION_SPREADS = ['order', 'each'] as const;
export type PromotionSpread = (typeof PROMOTION_SPREADS)[number];

/** What a promotion covers; absent (or every list empty) is everything. */
export interface PromotionTarget {
  categories: string[];
  brands: string[];
  productIds: number[];
}

export interface PromotionFigures {
  uses: number;
  /** What the orders that used it were paid, in rupees. */
  revenueRupees: number;
  discountRupees: number;
}

export interface Promotion {
  id: number;
  name: string;
  kind: PromotionKind;
  /** A percentage for `percent`; rupees for `fixed` and `prepaid`; unused otherwise. */
  value: number;
  appliesTo: PromotionSpread;
  /** Null: automatic. Stored in capitals; shoppers may type it in any case. */
  code: string | null;
  /** How many unique single-use codes the promotion has (POST /api/promotions/{id}/codes). */
  batchCodes: number;
  startsAt: string;
  endsAt: string | null;
  minOrderRupees: number;
  /** Uses in all; null: no limit. */
  usageLimit: number | null;
  /** Rupees it may give away in all; null: no limit. */
  budgetRupees: number | null;
  perCustomerLimit: number | null;
  newCustomersOnly: boolean;
  priority: number;
  exclusive: boolean;
  target: PromotionTarget | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercent: number | null;
  /** Buy X get Y: how many times it may apply to one order; null: as often as the cart holds sets. */
  maxApplications: number | null;
  /** Off: it applies nowhere, whatever its dates. */
  enabled: boolean;
  figures: PromotionFigures;
  createdAt: string;
}

export interface PromotionDay {
  day: string;
  orders: number;
  discountRupees: number;
  revenueRupees: number;
}

/** The dashboard's period: one promotion's uses, the orders' revenue, the discount, and its orders by India day. */
export interface PromotionPeriod {
  id: number;
  name: string;
  code: string | null;
  uses: number;
  revenueRupees: number;
  discountRupees: number;
  days: { day: string; orders: number }[];
}

/** `GET /api/promotions/{id}`: the promotion with its orders by day. */
export interface PromotionDetail extends Promotion {
  days: PromotionDay[];
}

/** What an order or a cart got from one promotion. */
export interface AppliedDiscount {
  promotionId: number;
  name: string;
  code: string | null;
  kind: PromotionKind;
  /** For free shipping: the shipping charge waived. */
  amountRupees: number;
}

/** `GET /api/cart/offers`, and the answer of `POST|DELETE /api/cart/promo-code`. */
export interface CartOffers {
  /** The code the shopper entered, kept with their cart; null for none. */
  code: string | null;
  /** Why the kept code gives nothing now (expired, minimum not met …); null when it applies or there is none. */
  codeProblem: string | null;
  /** What the code saves on this cart (rupees): the saving `POST /api/cart/promo-code` answers with. */
  codeSavingRupees: number;
  subtotalRupees: number;
  discounts: AppliedDiscount[];
  /** By cart item id: the discount on that line, in rupees. */
  items: { id: number; discountRupees: number }[];
  /** The goods' discount in all (free shipping is not in it). */
  discountRupees: number;
  freeShipping: boolean;
  /** Promotions for paying online that would apply to this cart if paid by card or UPI. */
  payOnlineRupees: number;
}

/** A product's JSON: an automatic sale on it, from its start to its end. */
export interface ProductSale {
  name: string;
  endsAt: string | null;
}

export const PROMO_CODE_RE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** The shopper's messages when a code cannot be used (docs/product.md, Promotions). */
export const PROMO_CODE_MESSAGES = {
  unknown: 'This code is not valid',
  notStarted: 'This code is not valid yet',
  expired: 'This code has expired',
  minimum: (rupees: string) => `Add items worth ${rupees} to use this code`,
  usedUp: 'This code has been used up',
  alreadyUsed: 'You have already used this code',
  newCustomers: 'This code is for a first order only',
  nothingToDiscount: 'This code does not apply to anything in your cart',
  notCombinable: 'This code cannot be combined with the offers already in your cart',
} as const;
