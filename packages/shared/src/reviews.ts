/** docs/product.md, Reviews, Wishlist, Back in stock and Customers: what the API answers. */
import type { Address } from './address.ts';

export const REVIEW_STATUSES = ['published', 'pending', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MAX_REVIEW_PHOTOS = 5;
export const REVIEWS_PAGE_SIZE = 10;

export interface Review {
  id: number;
  productId: number;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  /** The reviewer's first name and the initial of their last ("Asha K."). */
  author: string;
  /** Only buyers may review: always true, kept as a field for the badge and for clients. */
  verifiedPurchase: boolean;
  status: ReviewStatus;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}

export interface ReviewSummary {
  /** The published reviews' average, one decimal; 0 with none. */
  average: number;
  count: number;
  /** How many published reviews gave 1, 2, 3, 4 and 5 stars, in that order. */
  stars: [number, number, number, number, number];
}

export interface ReviewPage {
  summary: ReviewSummary;
  reviews: Review[];
  /** Published reviews matching the sort's filter (with photos: only those). */
  total: number;
  page: number;
  pageSize: number;
  /** For the signed-in shopper: their own review of it (any status), and whether they may write one. */
  mine?: Review | null;
  canReview?: boolean;
}

/** The owner's list (Admin → Reviews). */
export interface AdminReview extends Review {
  productTitle: string;
  customerName: string;
  customerEmail: string;
}

export interface AdminReviewList {
  reviews: AdminReview[];
  total: number;
}

export interface WishlistItem {
  productId: number;
  addedAt: string;
  title: string;
  brand: string;
  thumbnail: string;
  price: number;
  discountedPrice: number;
  salePrice?: number;
  stock: number;
  /** The product was deleted since: shown greyed, cannot be moved to the cart. */
  deleted: boolean;
}

export interface Wishlist {
  items: WishlistItem[];
}

export interface NotifyMeReply {
  /** `subscribed`: a signed-in shopper's alert is on; `confirm`: a guest must open the mailed link first. */
  status: 'subscribed' | 'confirm';
  message: string;
}

/** Admin → Customers: a shopper's figures from their orders (cancelled orders are not counted as spent). */
export interface CustomerSummary {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  createdAt: string;
  ordersCount: number;
  totalSpentRupees: number;
  lastOrderAt: string | null;
  /** Of their orders, the share paid cash on delivery, 0–100 (whole percent). */
  codSharePercent: number;
  returnsCount: number;
}

export interface CustomerList {
  customers: CustomerSummary[];
  total: number;
}

export interface CustomerOrderRow {
  id: number;
  createdAt: string;
  status: string;
  paymentMethod: string;
  totalAmount: number;
  items: number;
}

export interface CustomerDetail extends CustomerSummary {
  addresses: Address[];
  orders: CustomerOrderRow[];
  reviews: CustomerReviewRow[];
  wishlistCount: number;
}

/** docs/product.md, Reviews: the replies that are not one field's. */
export const REVIEW_MESSAGES = {
  notBuyer: 'Only shoppers who bought this product can review it',
  alreadyReviewed: 'You have already reviewed this product',
  notFound: 'Review not found',
  published: 'Thank you! Your review is published.',
  pending: 'Thank you! Your review will appear once the shop approves it.',
} as const;

/** A customer's review on their page, any status, with the product's title to name it. */
export interface CustomerReviewRow extends Pick<Review, 'id' | 'productId' | 'rating' | 'title' | 'status' | 'createdAt'> {
  productTitle: string;
}

/** The dashboard's new reviews: those written in its period, the latest five of them (pending ones wait for the owner). */
export interface DashboardReviews {
  count: number;
  /** Of the period's reviews, those still waiting for approval. */
  pending: number;
  latest: (CustomerReviewRow & { customerName: string })[];
}

/** docs/product.md, Wishlist: at most this many products a shopper keeps. */
export const WISHLIST_MAX_ITEMS = 200;

/** `GET`/`PUT /api/wishlist/mails`: whether a price drop on the wishlist is mailed (at most once a day). */
export interface PriceDropMails {
  priceDropMails: boolean;
}

/** docs/product.md, Wishlist and Back in stock: the replies that are not one field's. */
export const WISHLIST_MESSAGES = {
  full: `Your wishlist is full: remove something to keep more than ${WISHLIST_MAX_ITEMS} products`,
  inStock: 'This is in stock: you can order it now',
  notAVariant: 'Choose a colour and size this product is made in',
  sizeWithoutColour: 'Choose a colour first',
  needEmail: 'Enter your email and we will tell you when it is back',
  subscribed: "We'll email you when it's back in stock.",
  confirm: 'Check your inbox to confirm.',
  badLink: 'This link is not valid or has expired',
  confirmed: "Done: we'll email you when it's back in stock.",
} as const;
