import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, RotateCcw, ShieldCheck, Sparkles, Star, Truck } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { FREE_SHIPPING_THRESHOLD_RUPEES } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useVariantChoice, type PurchaseChoice } from '../use-variant-choice';
import { CheckDelivery } from './check-delivery';
import { ProductFacts } from './product-facts';
import { ProductGallery } from './product-gallery';
import { ShareButton } from './share-button';
import { SizeChartButton } from './size-chart-button';
import { ColourPicker, distinctNames, SizePicker } from './variant-pickers';

const SALE_DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
/** A sale's last day as India reads it (`3 Nov`): it ends at `endsAt`, exclusive, so a midnight end is the day before's. */
const saleLastDay = (endsAt: string) => SALE_DAY.format(new Date(Date.parse(endsAt) - 1));

// The shop's low-stock level, which a product page's JSON carries; 5 (the default) for a list's copy.
const FEW_LEFT = 5;

function Breadcrumbs({ product }: { product: Product }) {
  // The stored trail may start at Home and end at the product itself; both are drawn here anyway.
  const self = paths.productDetail(product.id);
  const stored = product.breadcrumbs.filter(
    (b) => b.name !== 'Home' && b.href !== self && b.name !== product.title,
  );
  const trail = stored.length > 0 ? stored : [{ name: 'Products', href: paths.home }];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-soft">
        <li>
          <Link to={paths.home} className="rounded-sm hover:text-maroon">
            Home
          </Link>
        </li>
        {trail.map((b) => (
          <li key={`${b.name}-${b.href}`} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4 text-sand" />
            <Link to={b.href} className="rounded-sm hover:text-maroon">
              {b.name}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4 text-sand" />
          <span aria-current="page" className="truncate font-medium text-ink">
            {product.title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function Rating({ value }: { value: number }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={cx('size-4', value >= n - 0.25 ? 'fill-gold text-gold' : 'fill-sand text-sand')}
          />
        ))}
      </span>
      <span className="font-medium text-ink">
        {value.toFixed(1)}
        <span className="sr-only"> out of 5 stars</span>
      </span>
    </p>
  );
}

function Stock({ stock, few = FEW_LEFT }: { stock: number; few?: number }) {
  return (
    // Heard as the picks change it: a colour or size with few left says so at once.
    <div aria-live="polite" aria-atomic="true">
      {stock <= 0 ? (
        <Badge tone="red">Out of stock</Badge>
      ) : (
        <p className={cx('text-sm font-medium', stock <= few ? 'text-maroon' : 'text-green-800')}>
          {stock <= few ? `Only ${stock} left in stock` : `In stock (${stock} available)`}
        </p>
      )}
    </div>
  );
}

export function ProductDetailSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12" aria-busy="true">
      <span role="status" className="sr-only">
        Loading...
      </span>
      <Skeleton className="aspect-[3/4] w-full rounded-xl" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

export interface ProductDetailProps {
  product: Product;
  /** The buying controls for the colour and size picked, after the pickers (the cart's Add to Cart). */
  purchase: (choice: PurchaseChoice) => ReactNode;
  /** The shop's free-shipping threshold (Settings → Shipping); null: none to promise. */
  freeShippingAbove?: number | null;
  /** Beside Share: the wishlist's heart. */
  keep?: ReactNode;
  /** After the buying controls, for the colour and size picked: "Notify me" when it is sold out. */
  soldOut?: (choice: PurchaseChoice) => ReactNode;
  /** Under the product, full width: its reviews. */
  reviews?: ReactNode;
}

export function ProductDetail({ product: p, purchase, freeShippingAbove = FREE_SHIPPING_THRESHOLD_RUPEES, keep, soldOut, reviews }: ProductDetailProps) {
  const choice = useVariantChoice(p);
  const offer = choice.purchase;
  const names = distinctNames(choice.colours);
  const colour = choice.color === null ? null : (names.get(choice.color) ?? null);
  const ownPhotos =
    choice.color !== null && p.colorImages.some((c) => c.color === choice.color?.toLowerCase());
  return (
    <>
      <Breadcrumbs product={p} />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery
          key={`${p.id} ${ownPhotos ? choice.color : ''}`}
          product={p}
          images={choice.photos}
          colour={ownPhotos ? colour : null}
        />
        <div className="flex flex-col">
          <p className="text-sm font-semibold tracking-widest text-teal uppercase">{p.brand}</p>
          <h1 className="mt-1 text-3xl leading-tight font-bold text-ink sm:text-4xl">{p.title}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            <Rating value={p.rating} />
            <Stock stock={offer.stock} few={p.lowStockThreshold} />
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            {/* An automatic sale's price is the product's (decision 044), the usual one struck through. */}
            <Price
              price={p.salePrice ?? offer.discountedPrice}
              original={p.salePrice ? offer.discountedPrice : offer.price}
              saving
              size="lg"
              className="text-3xl"
            />
            {Math.round(p.discountPercentage) > 0 && (
              <Badge tone="gold">{Math.round(p.discountPercentage)}% OFF</Badge>
            )}
            {p.sale && (
              <Badge tone="maroon">
                {p.sale.name}
                {p.sale.endsAt && ` · Ends ${saleLastDay(p.sale.endsAt)}`}
              </Badge>
            )}
          </div>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-ink-soft">Inclusive of all taxes</p>
            <div className="flex items-center gap-2">
              {keep}
              <ShareButton product={p} />
            </div>
          </div>

          <div className="mt-6 space-y-6 border-t border-sand pt-6">
            {choice.colours.length > 0 && (
              <ColourPicker colours={choice.colours} value={choice.color} onChange={choice.setColor} />
            )}
            {choice.sizes.length > 0 && (
              <SizePicker
                sizes={choice.sizes}
                value={choice.size}
                onChange={choice.setSize}
                colourName={colour}
                aside={
                  p.sizeChart ? (
                    <SizeChartButton chart={p.sizeChart} sizeUnit={p.sizeUnit} title={p.title} />
                  ) : null
                }
              />
            )}
          </div>

          {purchase(offer)}
          {soldOut?.(offer)}

          <CheckDelivery className="mt-6" />

          <ul className="mt-6 grid grid-cols-1 gap-3 rounded-xl bg-white p-4 text-sm text-ink-soft ring-1 ring-sand/70 sm:grid-cols-3">
            <li className="flex items-center gap-2">
              <Truck aria-hidden="true" className="size-5 shrink-0 text-teal" />
              {freeShippingAbove === null ? 'Shipped across India' : `Free shipping above ${formatRupees(freeShippingAbove)}`}
            </li>
            <li className="flex items-center gap-2">
              <RotateCcw aria-hidden="true" className="size-5 shrink-0 text-teal" />
              Easy 7-day returns
            </li>
            <li className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-teal" />
              Secure payments
            </li>
          </ul>

          <section aria-labelledby="description-title" className="mt-8">
            <h2 id="description-title" className="text-xl font-semibold text-ink">
              Description
            </h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">{p.description}</p>
          </section>

          {p.highlights.length > 0 && (
            <section aria-labelledby="highlights-title" className="mt-8">
              <h2 id="highlights-title" className="text-xl font-semibold text-ink">
                Key Highlights
              </h2>
              <ul className="mt-3 space-y-2">
                {p.highlights.map((h) => (
                  <li key={h} className="flex items-start gap-2 text-ink-soft">
                    <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-dark" />
                    {h}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <ProductFacts product={p} mrp={offer.price} />
        </div>
      </div>
      {reviews}
    </>
  );
}
