import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ChevronRight, RotateCcw, ShieldCheck, ShoppingBag, Sparkles, Star, Truck } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { FREE_SHIPPING_THRESHOLD_RUPEES } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Price } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { ColourPicker, SizePicker } from '../../features/cart/components/variant-pickers';
import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { useCart } from '../../features/cart/use-cart';
import { responsiveImage } from '../../features/product/components/product-image';
import { fetchProductById, selectSelectedProduct } from '../../features/product/product-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

/** SPEC §2/§9: the gallery is the thumbnail plus the first three images. */
function galleryOf(p: Product): string[] {
  return [...new Set([p.thumbnail, ...p.images.slice(0, 3)])].filter(Boolean);
}

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

function Gallery({ product }: { product: Product }) {
  const images = galleryOf(product);
  const [current, setCurrent] = useState(0);
  const main = responsiveImage(images[current] ?? product.thumbnail);
  return (
    <div className="flex flex-col gap-3 lg:flex-row-reverse lg:gap-4">
      <div className="relative aspect-[3/4] flex-1 overflow-hidden rounded-xl bg-gradient-to-br from-sand/70 via-ivory to-gold-light/40 shadow-sm ring-1 ring-sand/70">
        <img
          key={main.src}
          src={main.src}
          srcSet={main.srcSet}
          sizes="(min-width: 1024px) 40vw, 100vw"
          alt={`${product.title}, picture ${current + 1} of ${images.length}`}
          width={600}
          height={800}
          fetchPriority="high"
          className="size-full object-cover"
        />
        {Math.round(product.discountPercentage) > 0 && (
          <Badge tone="gold" className="absolute top-3 left-3 px-3 py-1 text-sm shadow">
            {Math.round(product.discountPercentage)}% OFF
          </Badge>
        )}
      </div>
      {images.length > 1 && (
        <ul
          aria-label="Pictures"
          className="grid grid-cols-4 gap-2 lg:w-20 lg:grid-cols-1 lg:content-start lg:gap-3"
        >
          {images.map((url, i) => {
            const img = responsiveImage(url);
            return (
              <li key={url}>
                <button
                  type="button"
                  onClick={() => setCurrent(i)}
                  aria-label={`Show picture ${i + 1}`}
                  aria-pressed={i === current}
                  className={cx(
                    'block aspect-[3/4] w-full overflow-hidden rounded-lg ring-offset-2 transition',
                    i === current ? 'ring-2 ring-maroon' : 'opacity-80 ring-1 ring-sand hover:opacity-100',
                  )}
                >
                  <img
                    src={img.src}
                    srcSet={img.srcSet}
                    sizes="96px"
                    alt=""
                    width={80}
                    height={107}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
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

function Stock({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge tone="red">Out of stock</Badge>;
  return (
    <p className={cx('text-sm font-medium', stock <= 5 ? 'text-maroon' : 'text-green-800')}>
      {stock <= 5 ? `Only ${stock} left in stock` : `In stock (${stock} available)`}
    </p>
  );
}

function DetailSkeleton() {
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

/** SPEC §2 product detail: gallery, price, colour and size (both unchosen at first), Add to Cart. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const product = useAppSelector(selectSelectedProduct);
  const [adding, setAdding] = useState(false);
  const addToCart = useAddToCart();
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<number | null>(null);
  useCart();

  useEffect(() => {
    setColor(null);
    setSize(null);
    const request = dispatch(fetchProductById(id));
    // SPEC §8: an unknown product goes to /404.
    void request.then((r) => {
      if (fetchProductById.rejected.match(r) && !r.meta.aborted)
        void navigate(paths.notFound, { replace: true });
    });
    return () => request.abort();
  }, [dispatch, navigate, id]);

  const shown = product && String(product.id) === id ? product : null;
  const add = async () => {
    if (!shown || adding) return;
    setAdding(true);
    await addToCart({ product: shown, color, size });
    setAdding(false);
  };

  return (
    <PageFrame className="pb-28 lg:pb-12">
      {!shown ? (
        <DetailSkeleton />
      ) : (
        <>
          <Breadcrumbs product={shown} />
          <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
            <Gallery key={shown.id} product={shown} />
            <div className="flex flex-col">
              <p className="text-sm font-semibold tracking-widest text-teal uppercase">{shown.brand}</p>
              <h1 className="mt-1 text-3xl leading-tight font-bold text-ink sm:text-4xl">{shown.title}</h1>
              <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
                <Rating value={shown.rating} />
                <Stock stock={shown.stock} />
              </div>
              <div className="mt-5 flex flex-wrap items-center gap-3">
                <Price price={shown.discountedPrice} original={shown.price} size="lg" className="text-3xl" />
                {Math.round(shown.discountPercentage) > 0 && (
                  <Badge tone="gold">{Math.round(shown.discountPercentage)}% OFF</Badge>
                )}
              </div>
              <p className="mt-1 text-xs text-ink-soft">Inclusive of all taxes</p>

              <div className="mt-6 space-y-6 border-t border-sand pt-6">
                {shown.colors.length > 0 && (
                  <ColourPicker colours={shown.colors} value={color} onChange={setColor} />
                )}
                {shown.sizes.length > 0 && <SizePicker sizes={shown.sizes} value={size} onChange={setSize} />}
              </div>

              {/* Phones use the sticky bar below instead. */}
              <div className="mt-8 hidden lg:block">
                <Button
                  size="lg"
                  onClick={() => void add()}
                  loading={adding}
                  icon={<ShoppingBag aria-hidden="true" className="size-5" />}
                  className="w-full"
                >
                  Add to Cart
                </Button>
              </div>

              <ul className="mt-6 grid grid-cols-1 gap-3 rounded-xl bg-white p-4 text-sm text-ink-soft ring-1 ring-sand/70 sm:grid-cols-3">
                <li className="flex items-center gap-2">
                  <Truck aria-hidden="true" className="size-5 shrink-0 text-teal" />
                  Free shipping above {formatRupees(FREE_SHIPPING_THRESHOLD_RUPEES)}
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
                <p className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">{shown.description}</p>
              </section>

              {shown.highlights.length > 0 && (
                <section aria-labelledby="highlights-title" className="mt-8">
                  <h2 id="highlights-title" className="text-xl font-semibold text-ink">
                    Key Highlights
                  </h2>
                  <ul className="mt-3 space-y-2">
                    {shown.highlights.map((h) => (
                      <li key={h} className="flex items-start gap-2 text-ink-soft">
                        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-dark" />
                        {h}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </div>
          </div>

          {/* LOOK.md: on phones Add to Cart stays in reach at the bottom of the screen. */}
          <div className="fixed inset-x-0 bottom-0 z-30 border-t border-sand bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden">
            <div className="mx-auto flex max-w-xl items-center gap-4">
              <Price price={shown.discountedPrice} original={shown.price} className="shrink-0" />
              <Button
                size="lg"
                onClick={() => void add()}
                loading={adding}
                icon={<ShoppingBag aria-hidden="true" className="size-5" />}
                className="flex-1"
              >
                Add to Cart
              </Button>
            </div>
          </div>
        </>
      )}
    </PageFrame>
  );
}
