import { MyOrders } from '../../features/order/components/my-orders';
import { responsiveImage } from '../../features/product/components/product-image';
import { PageFrame } from '../layout/page-frame';

export default function OrdersPage() {
  return (
    <PageFrame className="max-w-5xl">
      <MyOrders imageFor={responsiveImage} />
    </PageFrame>
  );
}
