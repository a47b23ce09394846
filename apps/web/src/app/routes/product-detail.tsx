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
import { ProductGallery } from '../../features/product/components/product-gallery';
import { fetchProductById, selectSelectedProduct } from '../../features/product/product-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

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
            <ProductGallery key={shown.id} product={shown} />
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
