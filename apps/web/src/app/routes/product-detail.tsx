import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Navigate, useParams } from 'react-router';
import type { Product } from '@shop/shared/product';
import { ProductPurchase } from '../../features/cart/components/product-purchase';
import { useCart } from '../../features/cart/use-cart';
import { ProductDetail, ProductDetailSkeleton, type ProductDetailProps } from '../../features/product/components/product-detail';
import { LazyNotifyMe, LazyWishlistHeart } from '../../features/wishlist/components/lazy';
import { LazyProductReviews } from '../../features/review/components/lazy';
import { useLoadedProduct } from '../../features/product/use-loaded-product';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../lib/store-hooks';
import { useEndFirstPaintOnceDrawn } from '../use-end-first-paint';
import { PageFrame } from '../layout/page-frame';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = useLoadedProduct(id);
  const signedIn = useAppSelector(selectLoggedInUser) !== null;
  useCart(signedIn);
  useEndFirstPaintOnceDrawn(product !== undefined);

  if (product === null) return <Navigate to={paths.notFound} replace />;
  return (
    <ProductDetailView
      product={product}
      guest={!signedIn}
      // Drawn in the browser only, each in its own chunk: the server's first paint is the product itself.
      keep={product && <LazyWishlistHeart product={product} />}
      soldOut={product && ((choice) => <LazyNotifyMe product={product} choice={choice} />)}
      reviews={product && <LazyProductReviews product={product} />}
    />
  );
}

/** The product page for a product, or its skeleton while it loads: by the app, and by the server for the first paint. */
export function ProductDetailView({
  product,
  guest,
  keep,
  soldOut,
  reviews,
}: { product: Product | undefined; guest: boolean } & Pick<ProductDetailProps, 'keep' | 'soldOut' | 'reviews'>) {
  const freeShippingAbove = useFreeShippingAbove();
  return (
    <PageFrame className="pb-28 lg:pb-12">
      {product ? (
        // A new product starts with its colour and size unchosen again.
        <ProductDetail
          key={product.id}
          product={product}
          freeShippingAbove={freeShippingAbove}
          purchase={(picks) => <ProductPurchase product={product} picks={picks} guest={guest} />}
          keep={keep}
          soldOut={soldOut}
          reviews={reviews}
        />
      ) : (
        <ProductDetailSkeleton />
      )}
    </PageFrame>
  );
}
