// No zod here: the router imports this on every first visit.
import { SHOP_PAGE_SLUGS } from './page-slugs.ts';

export interface PageRoutePattern {
  /** As the web app's router writes it: `:name` is one segment, a trailing `?` makes it optional. */
  path: string;
  caseSensitive?: boolean;
}

/**
 * Every page of the web app (docs/product.md, Routes) but the not-found page: the server answers
 * these with 200 and any other page address with 404.
 */
export const PAGE_ROUTES: readonly PageRoutePattern[] = [
  { path: '/' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/forgot-password' },
  { path: '/reset-password' },
  { path: '/logout' },
  { path: '/cart' },
  { path: '/checkout' },
  { path: '/product-detail/:id' },
  { path: '/order-success/:id?' },
  { path: '/orders' },
  { path: '/orders/:id/confirm' },
  { path: '/track/:ref' },
  { path: '/track' },
  { path: '/profile' },
  { path: '/admin' },
  { path: '/admin/dashboard' },
  { path: '/admin/product-import' },
  { path: '/admin/product-detail/:id' },
  { path: '/admin/product-form' },
  { path: '/admin/product-form/edit/:id' },
  // The original client's spelling, beside the canonical one; any other case is not a page.
  { path: '/admin/Orders', caseSensitive: true },
  { path: '/admin/orders', caseSensitive: true },
  { path: '/admin/order-detail' },
  { path: '/admin/settings' },
  { path: '/admin/returns' },
  { path: '/admin/promotions' },
  { path: '/admin/reviews' },
  { path: '/admin/customers' },
  { path: '/admin/customers/:id' },
  { path: '/admin/packing-slips' },
  ...SHOP_PAGE_SLUGS.map((slug) => ({ path: `/${slug}` })),
  { path: '/collections' },
  { path: '/admin/pages' },
  { path: '/admin/pages/:slug' },
  { path: '/admin/staff' },
  { path: '/staff/accept' },
  // Issue 33: the wishlist (open signed out too) and a guest's back-in-stock link.
  { path: '/wishlist' },
  { path: '/notify-me/confirm' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matches(pattern: PageRoutePattern, parts: readonly string[]): boolean {
  const wanted = segments(pattern.path);
  const required = wanted.filter((w) => !w.endsWith('?')).length;
  if (parts.length < required || parts.length > wanted.length) return false;
  return wanted.every((w, i) => {
    const part = parts[i];
    if (w.startsWith(':')) return part !== undefined || w.endsWith('?');
    if (part === undefined) return false;
    return pattern.caseSensitive ? part === w : part.toLowerCase() === w.toLowerCase();
  });
}

/** Whether the web app has a page at this path (a trailing slash is the same page, as in its router). */
export function isAppPage(pathname: string): boolean {
  const parts = segments(pathname).map(decoded);
  if (parts.some((p) => p === undefined)) return false;
  return PAGE_ROUTES.some((pattern) => matches(pattern, parts as string[]));
}
