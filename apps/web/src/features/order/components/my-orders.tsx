import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PackageOpen } from 'lucide-react';
import { OWNER_ORDERS_PER_PAGE } from '@shop/shared/constants';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useGetOwnerOrdersQuery } from '../order-api';
import { OrderCard } from './order-card';
import type { ImageFor } from './order-item-row';

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

export function MyOrders({ imageFor }: { imageFor?: ImageFor }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, isError, isFetching } = useGetOwnerOrdersQuery({
    _page: page,
    _per_page: OWNER_ORDERS_PER_PAGE,
  });
  const orders = data?.orders ?? [];
  const top = useRef<HTMLHeadingElement>(null);

  function goTo(next: number) {
    setParams(next > 1 ? { page: String(next) } : {});
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <>
      <h1 ref={top} className="scroll-mt-28 text-3xl font-bold text-ink sm:text-4xl">
        My Orders
      </h1>
      <p className="mt-1 text-ink-soft">Track your purchases and revisit the sarees you loved.</p>
      <div className="mt-8">
        {!data && !isError ? (
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
          <div className={isFetching ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}>
            {orders.map((o) => (
              <OrderCard key={o.id} order={o} imageFor={imageFor} />
            ))}
            <Pagination
              page={page}
              pageSize={OWNER_ORDERS_PER_PAGE}
              totalItems={data?.totalOrders ?? 0}
              onPageChange={goTo}
              className="mt-8"
            />
          </div>
        )}
      </div>
    </>
  );
}
