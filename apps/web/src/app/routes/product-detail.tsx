import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import type { Product } from '@shop/shared/product';
import { ProductPurchase } from '../../features/cart/components/product-purchase';
import { useCart } from '../../features/cart/use-cart';
import { ProductDetail, ProductDetailSkeleton } from '../../features/product/components/product-detail';
import { useLoadedProduct } from '../../features/product/use-loaded-product';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { withReturnPath } from '../../features/auth/return-path';
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // docs/product.md, Routes: anyone may look; the cart is an account's until guests get their own.
  const signInFirst = () => {
    toast.info(MESSAGES.signInToAddToCart);
    void navigate(withReturnPath(paths.login, pathname));
  };

  if (product === null) return <Navigate to={paths.notFound} replace />;
  return <ProductDetailView product={product} signInFirst={signedIn ? undefined : signInFirst} />;
}

/** The product page for a product, or its skeleton while it loads: by the app, and by the server for the first paint. */
export function ProductDetailView({ product, signInFirst }: { product: Product | undefined; signInFirst?: () => void }) {
  return (
    <PageFrame className="pb-28 lg:pb-12">
      {product ? (
        // A new product starts with its colour and size unchosen again.
        <ProductDetail
          key={product.id}
          product={product}
          purchase={<ProductPurchase product={product} signInFirst={signInFirst} />}
        />
      ) : (
        <ProductDetailSkeleton />
      )}
    </PageFrame>
  );
}
