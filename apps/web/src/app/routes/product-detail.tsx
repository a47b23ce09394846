import { Navigate, useParams } from 'react-router';
import { ProductPurchase } from '../../features/cart/components/product-purchase';
import { useCart } from '../../features/cart/use-cart';
import { ProductDetail, ProductDetailSkeleton } from '../../features/product/components/product-detail';
import { useLoadedProduct } from '../../features/product/use-loaded-product';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

/** SPEC §2 product detail: gallery, price, colour and size (both unchosen at first), Add to Cart. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = useLoadedProduct(id);
  useCart();

  // SPEC §8: an unknown product goes to /404.
  if (product === null) return <Navigate to={paths.notFound} replace />;

  return (
    <PageFrame className="pb-28 lg:pb-12">
      {product ? (
        // A new product starts with its colour and size unchosen again.
        <ProductDetail key={product.id} product={product} purchase={<ProductPurchase product={product} />} />
      ) : (
        <ProductDetailSkeleton />
      )}
    </PageFrame>
  );
}
