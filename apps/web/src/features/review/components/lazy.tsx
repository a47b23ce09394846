import { lazy, Suspense } from 'react';
import type { Product } from '@shop/shared/product';

// Its own chunk, loaded after the product is drawn: the first visit's script stays in its budget.
const Reviews = lazy(() => import('./product-reviews').then((m) => ({ default: m.ProductReviews })));

/** docs/product.md, Reviews: the product page's section; nothing while it loads. */
export function LazyProductReviews({ product }: { product: Product }) {
  return (
    <Suspense fallback={null}>
      <Reviews product={product} />
    </Suspense>
  );
}
