import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ITEMS_PER_PAGE,
  productListQuerySchema,
  type Option,
  type Product,
  type ProductList,
} from '@shop/shared';

/** The filters' options in use, beside the home page's first cards. */
export interface Catalogue {
  categories: Option[];
  brands: Option[];
}

/** Draws `/` and a product's page as the app would once it has loaded them (apps/web/src/first-paint.server.tsx). */
export interface FirstPaint {
  home(list: ProductList, catalogue: Catalogue): string;
  product(product: Product): string;
}

/** The listing the served `/` shows first: the app's own first request for it (apps/web/src/app/first-requests.ts). */
export const HOME_QUERY = productListQuerySchema.parse({ _page: '1', _per_page: String(ITEMS_PER_PAGE) });

/**
 * Issue 17: the web build's server half (`vite build --ssr`, beside the app's folder as dist-ssr/),
 * or undefined when it was not built (an API-only run): the page is then sent without a first paint.
 */
export async function loadFirstPaint(indexHtml: string | undefined): Promise<FirstPaint | undefined> {
  if (!indexHtml) return undefined;
  const file = join(dirname(indexHtml), '..', 'dist-ssr', 'first-paint.server.js');
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as {
    renderHomeFirstPaint: FirstPaint['home'];
    renderProductFirstPaint: FirstPaint['product'];
  };
  return { home: mod.renderHomeFirstPaint, product: mod.renderProductFirstPaint };
}
