import { lazy, Suspense } from 'react';
import type { Product } from '@shop/shared/product';
import type { SoldOutChoice } from './notify-me';

// Each in its own chunk, loaded after the product is drawn: the first visit's script stays in its budget.
const Heart = lazy(() => import('./wishlist-heart').then((m) => ({ default: m.WishlistHeart })));
const Notify = lazy(() => import('./notify-me').then((m) => ({ default: m.NotifyMe })));

export function LazyWishlistHeart({ product }: { product: Product }) {
  return (
    <Suspense fallback={null}>
      <Heart product={product} />
    </Suspense>
  );
}

export function LazyNotifyMe({ product, choice }: { product: Product; choice: SoldOutChoice }) {
  // Nothing to load while the picks can be bought.
  if (choice.stock > 0) return null;
  return (
    <Suspense fallback={null}>
      <Notify product={product} choice={choice} />
    </Suspense>
  );
}

