import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ITEMS_PER_PAGE,
  productListQuerySchema,
  type Option,
  type Product,
  type ProductList,
  type ShopBrand,
} from '@shop/shared';

export interface Catalogue {
  categories: Option[];
  brands: Option[];
}

export interface FirstPaint {
  home(list: ProductList, catalogue: Catalogue, brand: ShopBrand): string;
  product(product: Product, brand: ShopBrand): string;
}

// The same query as the app's own first request (apps/web/src/app/first-requests.ts).
export const HOME_QUERY = productListQuerySchema.parse({ _page: '1', _per_page: String(ITEMS_PER_PAGE) });

// Decision 024; an API-only run has no dist-ssr/, so its pages have no first paint.
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
