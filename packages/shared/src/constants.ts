export const ITEMS_PER_PAGE = 12;
/** A cart kept in a visitor's browser until they sign in: at most this many lines. */
export const GUEST_CART_MAX_LINES = 50;
export const ORDERS_PER_PAGE = 10;
export const OWNER_ORDERS_PER_PAGE = 5;
export const MAX_PER_PAGE = 1000;
export const MAX_SUGGESTIONS = 5;
export const SCROLL_THRESHOLD_PX = 20;
export const FREE_SHIPPING_THRESHOLD_RUPEES = 999;
export const MAX_IMAGE_BYTES = 10_485_760;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const RESET_REDIRECT_SECONDS = 3;
export const ADMIN_ORDER_ITEMS_COLLAPSED = 2;
export const CONTACT_EMAIL = 'hello@sareepari.example';
export const CONTACT_PHONE = '+91 98200 12345';
export const CONTACT_ADDRESS = '12 Linking Road, Bandra West, Mumbai 400050';

export const ORDER_STATUSES = ['pending', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'awaiting', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
// docs/product.md, Staff: 'admin' is the shop's owner (the original client checks it); 'staff' works in the admin.
export const ROLES = ['user', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
/** Who may open the admin area: the owner and their staff. */
export const worksInAdmin = (role: string | null | undefined): boolean =>
  role === 'admin' || role === 'staff';

export const SORT_OPTIONS = [
  { name: 'Best Rating', sort: 'rating', order: 'desc' },
  { name: 'Price: Low to High', sort: 'discountedPrice', order: 'asc' },
  { name: 'Price: High to Low', sort: 'discountedPrice', order: 'desc' },
] as const;
/** The footer's Special Offers; not in the Sort menu. */
export const OFFERS_SORT = { name: 'Biggest Discount', sort: 'discountPercentage', order: 'desc' } as const;
