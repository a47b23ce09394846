import type { Product } from '@shop/shared/product';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { WishlistView } from '../../features/wishlist/components/wishlist-view';
import { useAppSelector } from '../../lib/store-hooks';
import { PageFrame } from '../layout/page-frame';

/** docs/product.md, Wishlist: what the shopper keeps, on the server when signed in, on this device when not. */
export default function WishlistPage() {
  const signedIn = useAppSelector(selectLoggedInUser) !== null;
  const add = useAddToCart(!signedIn);
  // Only a product with one colour in one size is moved from here; the others are chosen on their page.
  const moveToCart = (p: Product) =>
    add({
      product: { id: p.id, title: p.title, stock: p.variants[0]?.stock ?? p.stock },
      color: p.colors[0] ?? null,
      size: p.sizes[0] ?? null,
      variant: p.variants[0]?.id ?? null,
    });
  return (
    <PageFrame className="max-w-5xl">
      <h1 className="mb-6 font-serif text-3xl font-semibold text-ink">My Wishlist</h1>
      <WishlistView onMove={moveToCart} />
    </PageFrame>
  );
}
