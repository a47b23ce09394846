import type { Product, ProductList } from '@shop/shared/product';
import { prefetch } from '../lib/api-client';
import { listingQuery, readListing } from '../features/product/listing-query';
import { productPaths } from '../features/product/product-paths';
import { preloadCardImages, preloadGalleryImage } from '../features/product/components/product-image';
import { paths } from '../config/paths';

const PRODUCT_PAGE = /^\/product-detail\/([^/]+)\/?$/;

/** What a first visit to a page reads first from the API, and what to start once it is here (pictures). */
export function firstRead(pathname: string, search: string): { path: string; warm: (data: never) => void } | null {
  if (pathname === paths.home)
    return {
      path: productPaths.list(listingQuery(readListing(new URLSearchParams(search)), false)),
      warm: (list: ProductList) => preloadCardImages(list.products.map((p) => p.thumbnail)),
    };
  const product = PRODUCT_PAGE.exec(pathname);
  if (product)
    return {
      path: productPaths.one(decodeURIComponent(product[1]!)),
      // The gallery opens on the thumbnail (docs/product.md, Product page: the thumbnail, then three images).
      warm: (p: Product) => preloadGalleryImage(p.thumbnail),
    };
  return null;
}

/**
 * On a first visit the session check (every page waits for it) and the page's first read
 * start here, in a small script of their own that runs as soon as the HTML is parsed, while the app's
 * main script still downloads and runs; the app's own requests for them take these replies.
 */
export function startFirstRequests({ pathname, search }: { pathname: string; search: string }): void {
  prefetch('/auth/check/');
  const read = firstRead(pathname, search);
  if (read) prefetch(read.path, read.warm);
}
