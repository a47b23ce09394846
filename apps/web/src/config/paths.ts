/** Every route path (docs/product.md, Routes), once. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  cart: '/cart',
  checkout: '/checkout',
  productDetail: (id: number | string) => `/product-detail/${id}`,
  orderSuccess: (id: number | string) => `/order-success/${id}`,
  orders: '/orders',
  profile: '/profile',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminProductImport: '/admin/product-import',
  adminProductDetail: (id: number | string) => `/admin/product-detail/${id}`,
  adminProductForm: '/admin/product-form',
  adminProductEdit: (id: number | string) => `/admin/product-form/edit/${id}`,
  adminOrders: '/admin/orders',
  adminOrderDetail: '/admin/order-detail',
  /** Staff's Returns screen (docs/product.md, Returns and refunds): `?tab=`, or `?order=` for one order's. */
  adminReturns: '/admin/returns',
  /** The owner's Promotions: `?id=` one promotion, `&edit=1` its form, `?new=1` a new one. */
  adminPromotions: '/admin/promotions',
  adminSettings: '/admin/settings',
  /** Reviews waiting, published and hidden (docs/product.md, Reviews): `?status=`. */
  adminReviews: '/admin/reviews',
  /** Every shopper with their figures (docs/product.md, Customers); `/admin/customers/:id` one of them. */
  adminCustomers: '/admin/customers',
  adminCustomer: (id: number | string) => `/admin/customers/${id}`,
  /** The shopper's wishlist: on the server when signed in, in the browser when not. */
  wishlist: '/wishlist',
  /** The link mailed to a guest who asked to be told when a product is back in stock. */
  notifyConfirm: '/notify-me/confirm',
  adminPackingSlips: (ids: readonly number[]) => `/admin/packing-slips?ids=${ids.join(',')}`,
  /** The public tracking page: an order number or a courier's AWB (docs/product.md, Shipping). */
  track: (ref?: number | string) =>
    ref === undefined ? '/track' : `/track/${encodeURIComponent(String(ref))}`,
  notFound: '/404',
  /** The shop's own pages: /about, /returns, /privacy… */
  shopPage: (slug: string) => `/${slug}`,
  collections: '/collections',
  /** Special Offers: the listing by discount, largest first. */
  offers: '/?sort=biggest-discount',
  adminPages: '/admin/pages',
  adminPageEdit: (slug: string) => `/admin/pages/${slug}`,
  adminStaff: '/admin/staff',
  /** The invitation link mailed to a new staff member (docs/product.md, Staff). */
  staffAccept: '/staff/accept',
} as const;
