import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PackageOpen } from 'lucide-react';
import { OWNER_ORDERS_PER_PAGE } from '@shop/shared/constants';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { OrderCard } from '../../features/order/components/order-card';
import {
  fetchOwnerOrders,
  selectOrders,
  selectOrderStatus,
  selectTotalOrders,
} from '../../features/order/order-slice';
import { responsiveImage } from '../../features/product/components/product-image';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

function OrdersSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        Loading...
      </span>
      {[0, 1].map((i) => (
        <div key={i} className="rounded-xl bg-white p-6 ring-1 ring-sand/70">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-2 h-4 w-56" />
          <div className="mt-6 flex gap-4">
            <Skeleton className="aspect-[3/4] w-16" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** My Orders: the shopper's orders, newest first, paged; No Orders Yet when there are none. */
export default function OrdersPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const orders = useAppSelector(selectOrders);
  const totalOrders = useAppSelector(selectTotalOrders);
  const loading = useAppSelector(selectOrderStatus) === 'loading';
  // Until this page's first answer, the store may still hold orders from elsewhere (checkout).
  const [firstLoadDone, setFirstLoadDone] = useState(false);
  const top = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void dispatch(fetchOwnerOrders({ _page: page, _per_page: OWNER_ORDERS_PER_PAGE })).then(() =>
      setFirstLoadDone(true),
    );
  }, [dispatch, page]);

  function goTo(next: number) {
    setParams(next > 1 ? { page: String(next) } : {});
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <PageFrame className="max-w-5xl">
      <h1 ref={top} className="scroll-mt-28 text-3xl font-bold text-ink sm:text-4xl">
        My Orders
      </h1>
      <p className="mt-1 text-ink-soft">Track your purchases and revisit the sarees you loved.</p>
      <div className="mt-8">
        {!firstLoadDone ? (
          <OrdersSkeleton />
        ) : orders.length === 0 ? (
          <EmptyState
            icon={<PackageOpen className="size-8" />}
            title="No Orders Yet"
            message="When you place an order, it will appear here with its status."
            action={
              <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
                Start Shopping
              </Link>
            }
          />
        ) : (
          <div className={loading ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}>
            {orders.map((o) => (
              <OrderCard key={o.id} order={o} imageFor={responsiveImage} />
            ))}
            <Pagination
              page={page}
              pageSize={OWNER_ORDERS_PER_PAGE}
              totalItems={totalOrders}
              onPageChange={goTo}
              className="mt-8"
            />
          </div>
        )}
      </div>
    </PageFrame>
  );
}
