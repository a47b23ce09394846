import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { SHOP_PAGE_SLUGS } from '@shop/shared/page-slugs';
import { Protected, ProtectedAdmin, ProtectedOwner, SignedOutOnly } from './guards';
import { PageSpinner } from '../components/ui/spinner';

interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  wrap?: (el: ReactNode) => ReactNode;
  caseSensitive?: boolean;
}

const user = (el: ReactNode) => <Protected>{el}</Protected>;
const admin = (el: ReactNode) => <ProtectedAdmin>{el}</ProtectedAdmin>;
const owner = (el: ReactNode) => <ProtectedOwner>{el}</ProtectedOwner>;
const signedOut = (el: ReactNode) => <SignedOutOnly>{el}</SignedOutOnly>;

const pages: PageRoute[] = [
  { path: paths.home, load: () => import('./routes/home') },
  { path: paths.login, load: () => import('./routes/login'), wrap: signedOut },
  { path: paths.signup, load: () => import('./routes/signup'), wrap: signedOut },
  { path: paths.forgotPassword, load: () => import('./routes/forgot-password') },
  { path: paths.resetPassword, load: () => import('./routes/reset-password') },
  { path: paths.logout, load: () => import('./routes/logout') },
  { path: paths.cart, load: () => import('./routes/cart') },
  // docs/product.md, Routes: a visitor signs in or signs up on the checkout page itself, the bag kept.
  { path: paths.checkout, load: () => import('./routes/checkout') },
  { path: '/product-detail/:id', load: () => import('./routes/product-detail') },
  { path: '/order-success/:id?', load: () => import('./routes/order-success'), wrap: user },
  { path: paths.orders, load: () => import('./routes/orders'), wrap: user },
  // The confirmation link works signed out: the token in it is the key (docs/product.md, Cash on delivery).
  { path: '/orders/:id/confirm', load: () => import('./routes/order-confirm') },
  // Tracking is open to anyone with an order number or an AWB; the address needs the order's phone or email.
  { path: '/track/:ref', load: () => import('./routes/track') },
  { path: paths.track(), load: () => import('./routes/track') },
  { path: paths.profile, load: () => import('./routes/profile'), wrap: user },
  // Open signed out too: a visitor's wishlist is kept in the browser until they sign in.
  { path: paths.wishlist, load: () => import('./routes/wishlist') },
  { path: paths.notifyConfirm, load: () => import('./routes/notify-confirm') },
  { path: paths.admin, load: () => import('./routes/admin/products'), wrap: admin },
  { path: paths.adminDashboard, load: () => import('./routes/admin/dashboard'), wrap: admin },
  { path: paths.adminProductImport, load: () => import('./routes/admin/product-import'), wrap: admin },
  { path: '/admin/product-detail/:id', load: () => import('./routes/admin/product-detail'), wrap: admin },
  { path: paths.adminProductForm, load: () => import('./routes/admin/product-form'), wrap: admin },
  { path: '/admin/product-form/edit/:id', load: () => import('./routes/admin/product-form'), wrap: admin },
  // docs/product.md, Routes: the original route is /admin/Orders, its top bar links /admin/orders; both work.
  { path: '/admin/Orders', load: () => import('./routes/admin/orders'), wrap: admin, caseSensitive: true },
  { path: paths.adminOrders, load: () => import('./routes/admin/orders'), wrap: admin, caseSensitive: true },
  { path: paths.adminOrderDetail, load: () => import('./routes/admin/order-detail'), wrap: admin },
  { path: paths.adminReturns, load: () => import('./routes/admin/returns'), wrap: admin },
  { path: paths.adminPromotions, load: () => import('./routes/admin/promotions'), wrap: owner },
  { path: paths.adminReviews, load: () => import('./routes/admin/reviews'), wrap: admin },
  { path: paths.adminCustomers, load: () => import('./routes/admin/customers'), wrap: admin },
  { path: '/admin/customers/:id', load: () => import('./routes/admin/customer-detail'), wrap: admin },
  { path: paths.adminSettings, load: () => import('./routes/admin/settings'), wrap: owner },
  { path: '/admin/packing-slips', load: () => import('./routes/admin/packing-slips'), wrap: admin },
  // The shop's own pages, open to everyone.
  ...SHOP_PAGE_SLUGS.map((slug) => ({ path: paths.shopPage(slug), load: () => import('./routes/shop-page') })),
  { path: paths.collections, load: () => import('./routes/collections') },
  { path: paths.adminPages, load: () => import('./routes/admin/pages'), wrap: owner },
  { path: '/admin/pages/:slug', load: () => import('./routes/admin/page-edit'), wrap: owner },
  { path: paths.adminStaff, load: () => import('./routes/admin/staff'), wrap: owner },
  { path: paths.staffAccept, load: () => import('./routes/staff-accept') },
  { path: paths.notFound, load: () => import('./routes/not-found') },
];

/** Pages whose chunk has arrived: rendered directly, without a Suspense fallback. */
const loaded = new Map<PageRoute, ComponentType>();

function load(page: PageRoute): Promise<{ default: ComponentType }> {
  return page.load().then((m) => {
    loaded.set(page, m.default);
    return m;
  });
}

/**
 * Each page is its own chunk: shoppers never download the admin code. A page already loaded renders
 * at once: React holds a revealed Suspense boundary back for up to 300 ms after its fallback showed.
 */
function element(page: PageRoute): ReactNode {
  const Lazy = lazy(() => load(page));
  function Page() {
    const [Loaded] = useState(() => loaded.get(page));
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<PageSpinner />}>
        <Lazy />
      </Suspense>
    );
  }
  return page.wrap ? page.wrap(<Page />) : <Page />;
}

export const routes: RouteObject[] = [
  ...pages.map((p) => ({ path: p.path, caseSensitive: p.caseSensitive, element: element(p) })),
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

const pageMatches: RouteObject[] = pages.map((p, i) => ({ path: p.path, caseSensitive: p.caseSensitive, id: String(i) }));

let firstPage: Promise<unknown> = Promise.resolve();

/**
 * On the first load, starts the page's chunk while the session check and the page's first API read
 * (started earlier still, by boot.ts) are under way, instead of one after the other.
 */
export function preloadPage({ pathname }: { pathname: string }): void {
  const match = matchRoutes(pageMatches, pathname)?.[0];
  if (!match) return;
  const page = pages[Number(match.route.id)]!;
  // A failed load is retried and reported by the page's lazy element.
  firstPage = load(page).catch(() => undefined);
}

export const firstPageSettled = () => firstPage;
