import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { Badge } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { CARD_IMAGE_SIZES, responsiveImage } from './product-image';

export type CardProduct = Pick<
  Product,
  | 'id'
  | 'title'
  | 'brand'
  | 'thumbnail'
  | 'price'
  | 'discountPercentage'
  | 'discountedPrice'
  | 'rating'
  | 'stock'
  | 'deleted'
  | 'salePrice'
  | 'sale'
>;

export interface ProductCardProps {
  product: CardProduct;
  /** Where the card leads: /product-detail/{id} for shoppers, the admin pages for admins. */
  href: string;
  /** The first row loads eagerly: it is what the visitor sees first. */
  eager?: boolean;
  /** Over the picture's lower right corner, above the card's link: the wishlist's heart. */
  corner?: ReactNode;
}

/** A product in the grid: 3:4 image, badges, brand, title, rating and price (docs/product.md, Listing). */
export function ProductCard({ product: p, href, eager = false, corner }: ProductCardProps) {
  const img = responsiveImage(p.thumbnail);
  const discount = Math.round(p.discountPercentage);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-sand/70 transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-maroon/10 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="relative aspect-[3/4] overflow-hidden bg-gradient-to-br from-sand/70 via-ivory to-gold-light/40">
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes={CARD_IMAGE_SIZES}
          alt=""
          width={600}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding={eager ? 'sync' : 'async'}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {p.deleted ? (
            <Badge tone="red">Product deleted</Badge>
          ) : p.stock <= 0 ? (
            <Badge tone="dark">Out of stock</Badge>
          ) : null}
          {p.sale && <Badge tone="maroon">{p.sale.name}</Badge>}
        </div>
        {discount > 0 && (
          <Badge tone="gold" className="absolute top-2 right-2 shadow-sm">
            {discount}% OFF
          </Badge>
        )}
        {corner && <div className="absolute right-2 bottom-2 z-10">{corner}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="truncate text-xs font-semibold tracking-wider text-teal uppercase">{p.brand}</p>
        <h3 className="line-clamp-2 font-serif text-sm leading-snug font-semibold text-ink sm:text-base">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-teal"
          >
            {p.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-xs text-ink-soft">
          <Star aria-hidden="true" className="size-3.5 fill-gold text-gold" />
          <span className="sr-only">Rated </span>
          {p.rating.toFixed(1)}
          <span className="sr-only"> out of 5</span>
        </p>
        {/* An automatic sale's price, the usual one struck through (docs/product.md, Promotions). */}
        <Price
          price={p.salePrice ?? p.discountedPrice}
          original={p.salePrice ? p.discountedPrice : p.price}
          saving
          className="mt-auto pt-1"
        />
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-xl bg-white ring-1 ring-sand/70">
      <Skeleton className="aspect-[3/4] rounded-none" />
      <div className="space-y-2 p-3 sm:p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-3 w-1/4" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    </div>
  );
}
