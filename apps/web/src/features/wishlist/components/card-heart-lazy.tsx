import { lazy, Suspense, useEffect, useState } from 'react';
import type { WishableProduct } from '../use-wishlist';

const Heart = lazy(() => import('./wishlist-heart').then((m) => ({ default: m.WishlistHeart })));

/**
 * A product card's heart, in the wishlist's own chunk, asked for once the browser is idle: the home page's
 * first visit loads none of it (nothing on the server's paint either). Its own file, so the home page's script
 * holds only this.
 */
export function LazyCardHeart({ product }: { product: WishableProduct }) {
  const [ready, setReady] = useState(false);
  // Safari has no requestIdleCallback; a card gone by then sets nothing that matters.
  useEffect(() => void (window.requestIdleCallback ?? setTimeout)(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <Heart product={product} compact />
    </Suspense>
  ) : null;
}
