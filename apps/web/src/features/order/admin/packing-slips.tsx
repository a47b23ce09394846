import { Link } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import type { PublicShopSettings } from '@shop/shared/settings';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useGetPackingSlipsQuery } from '../order-api';
import { PackingSlip } from './packing-slip';

/** One packing slip per printed page for the orders `ids` names (1,2,3); the print stylesheet drops the toolbar. */
export function PackingSlips({ ids, shop }: { ids: string; shop?: PublicShopSettings }) {
  const { currentData: orders, error } = useGetPackingSlipsQuery(ids);
  return (
    <div className="min-h-screen bg-ivory print:bg-white">
      <div className="sticky top-0 z-10 border-b border-sand bg-white/95 print:hidden">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link
            to={paths.adminOrders}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-teal hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            All Orders
          </Link>
          <h1 className="font-serif text-lg font-semibold text-ink">
            {orders ? `${orders.length} packing slip${orders.length === 1 ? '' : 's'}` : 'Packing slips'}
          </h1>
          <Button onClick={() => window.print()} disabled={!orders?.length}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      <main className="space-y-8 px-4 py-8 print:space-y-0 print:p-0">
        {error ? (
          <p role="alert" className="mx-auto max-w-3xl rounded-lg bg-red-50 p-4 text-sm text-red-800">
            {errorText(error)}
          </p>
        ) : !orders ? (
          <PageSpinner />
        ) : (
          orders.map((o) => <PackingSlip key={o.id} order={o} shop={shop} />)
        )}
      </main>
    </div>
  );
}
