import { Heart } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import { useWishlist, type WishableProduct } from '../use-wishlist';

/**
 * docs/product.md, Wishlist: a toggle, kept on the server when signed in and on this device when not.
 * `compact`: the round one on a product card's picture.
 */
export function WishlistHeart({ product, compact = false }: { product: WishableProduct; compact?: boolean }) {
  const { keptIds, toggle } = useWishlist();
  const kept = keptIds.has(product.id);
  const label = kept ? 'Remove from wishlist' : 'Add to wishlist';
  return (
    <button
      type="button"
      aria-pressed={kept}
      aria-label={label}
      title={label}
      onClick={(e) => {
        // On a card the heart sits inside the product's link.
        e.preventDefault();
        e.stopPropagation();
        void toggle(product);
      }}
      className={cx(
        'inline-flex items-center justify-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-maroon/40',
        compact
          ? 'size-11 rounded-full bg-white/90 shadow-sm hover:bg-white'
          : 'min-h-11 min-w-11 rounded-lg border border-sand bg-white hover:border-maroon/40 hover:bg-ivory',
      )}
    >
      <Heart aria-hidden="true" className={cx('size-5', kept ? 'fill-maroon text-maroon' : 'text-ink-soft')} />
    </button>
  );
}
