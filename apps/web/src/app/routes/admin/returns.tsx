import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { ReturnsScreen } from '../../../features/order/admin/returns-screen';
import { responsiveImage } from '../../../features/product/components/product-image';
import { useAppSelector } from '../../../lib/store-hooks';
import { PageFrame } from '../../layout/page-frame';

/** Staff's Returns (docs/product.md, Returns and refunds); the transfers a cash order's refund needs are the owner's. */
export default function AdminReturnsPage() {
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';
  return (
    <PageFrame>
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Returns</h1>
        <p className="mt-1 text-ink-soft">
          Approve what shoppers send back, check it on arrival and refund it
        </p>
      </header>
      <ReturnsScreen isOwner={isOwner} imageFor={responsiveImage} />
    </PageFrame>
  );
}
