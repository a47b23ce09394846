import { Navigate, useParams } from 'react-router';
import { OrderSuccess } from '../../features/order/components/order-success';
import { paths } from '../../config/paths';
import { useOrderSuccess } from '../checkout/use-order-success';
import { PageFrame } from '../layout/page-frame';

/** A reload shows the same page, the order coming from GET /orders/:id (docs/product.md, Order success). */
export default function OrderSuccessPage() {
  const { id } = useParams();
  const order = useOrderSuccess(id);
  if (!id) return <Navigate to={paths.home} replace />;
  return (
    <PageFrame className="flex max-w-3xl items-center py-12 sm:py-16">
      <OrderSuccess id={id} order={order} />
    </PageFrame>
  );
}
