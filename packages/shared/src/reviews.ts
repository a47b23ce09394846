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
  reviews: Pick<Review, 'id' | 'productId' | 'rating' | 'title' | 'status' | 'createdAt'>[];
  wishlistCount: number;
}
