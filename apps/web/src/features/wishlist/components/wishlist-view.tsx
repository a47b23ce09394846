import { Link } from 'react-router';
import { Heart, ShoppingBag, Trash2 } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import type { WishlistItem } from '@shop/shared/reviews';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Price } from '../../../components/ui/price';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useWishlist } from '../use-wishlist';
import { useWishedProductQuery } from '../wishlist-api';

/** Moved to the cart without a choice only when there is none to make: one colour in one size. */
export const needsChoice = (p: Pick<Product, 'colors' | 'sizes'>) => p.colors.length !== 1 || p.sizes.length !== 1;

export function stockText(stock: number): { text: string; className: string } {
  if (stock <= 0) return { text: 'Out of stock', className: 'text-red-700' };
  if (stock <= 5) return { text: `Only ${stock} left`, className: 'text-gold-dark' };
  return { text: 'In stock', className: 'text-green-800' };
}

type Shown = Pick<WishlistItem, 'title' | 'brand' | 'thumbnail' | 'price' | 'discountedPrice' | 'salePrice' | 'stock'>;

function Row({ id, item, onMove, onRemove }: { id: number; item?: WishlistItem | undefined; onMove: (p: Product) => Promise<boolean>; onRemove: () => void }) {
  const gone = item?.deleted === true;
  const { data: product, isError, isLoading } = useWishedProductQuery(id, { skip: gone });
  const shown: Shown | undefined = item ?? product;
  const unavailable = gone || (isError && !item);
  if (!shown && isLoading)
    return (
      <li className="flex h-36 items-center justify-center rounded-xl bg-white shadow-sm ring-1 ring-sand/70">
        <Spinner />
      </li>
    );
  const stock = stockText(product?.stock ?? shown?.stock ?? 0);
  const title = shown?.title ?? 'A product no longer sold';
  return (
    <li className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-sand/70 transition-shadow hover:shadow-md">
      {shown && (
        <img src={shown.thumbnail} alt="" loading="lazy" className={cx('aspect-[3/4] w-24 shrink-0 rounded-lg bg-ivory object-cover sm:w-28', unavailable && 'grayscale')} />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {unavailable ? (
          <p className="font-serif text-lg font-semibold text-ink">{title}</p>
        ) : (
          <Link to={paths.productDetail(id)} className="font-serif text-lg font-semibold text-ink hover:text-maroon">
            {title}
          </Link>
        )}
        {shown && <p className="text-sm text-ink-soft">{shown.brand}</p>}
        {unavailable ? (
          <p className="text-sm font-medium text-ink-soft">No longer available</p>
        ) : (
          shown && (
            <>
              <Price price={shown.salePrice ?? shown.discountedPrice} original={shown.salePrice !== undefined ? shown.discountedPrice : shown.price} />
              <p className={cx('text-sm font-medium', stock.className)}>{stock.text}</p>
            </>
          )
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {!unavailable && product && product.stock > 0 && (
            needsChoice(product) ? (
              <Link to={paths.productDetail(id)} className={buttonClasses('primary', 'sm')}>
                <ShoppingBag aria-hidden="true" className="size-4" />
                Choose colour and size
              </Link>
            ) : (
              <Button size="sm" icon={<ShoppingBag aria-hidden="true" className="size-4" />} onClick={() => void onMove(product).then((ok) => ok && onRemove())}>
                Move to cart
              </Button>
            )
          )}
          <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onRemove} aria-label={`Remove ${title} from wishlist`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * docs/product.md, Wishlist: the page's list, with today's price and stock. `onMove` puts a product in the
 * cart (the page brings the cart's add); moved, it leaves the wishlist.
 */
export function WishlistView({ onMove }: { onMove: (p: Product) => Promise<boolean> }) {
  const { signedIn, items, guestIds, loading, failed, remove } = useWishlist({ fresh: true });
  if (loading) return <Spinner />;
  if (failed) return <p role="alert" className="text-red-700">Your wishlist could not be loaded. Please try again.</p>;
  const rows = signedIn ? (items ?? []).map((i) => ({ id: i.productId, item: i })) : guestIds.map((id) => ({ id, item: undefined }));
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<Heart className="size-8" />}
        title="Your wishlist is empty"
        message="Tap the heart on a saree you love to keep it here."
        action={
          <Link to={paths.home} className={buttonClasses('primary')}>
            Start Shopping
          </Link>
        }
      />
    );
  return (
    <>
      {!signedIn && (
        <p className="mb-4 rounded-xl bg-gold/10 p-4 text-sm text-ink">
          Kept on this device. <Link to={paths.login} className="font-semibold text-teal underline">Sign in</Link> to keep your wishlist on your phone and computer alike.
        </p>
      )}
      <ul aria-label="Your wishlist" className="grid gap-4 md:grid-cols-2">
        {rows.map((r) => (
          <Row key={r.id} id={r.id} item={r.item} onMove={onMove} onRemove={() => remove(r.id)} />
        ))}
      </ul>
    </>
  );
}
