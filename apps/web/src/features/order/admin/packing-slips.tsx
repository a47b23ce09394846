import { Link } from 'react-router';
import { ArrowLeft, Printer, Tag } from 'lucide-react';
import type { PublicShopSettings } from '@shop/shared/settings';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useGetPackingSlipsQuery } from '../order-api';
import { labelsUrl } from './labels';
import { PackingSlip } from './packing-slip';

/** One packing slip per printed page for the orders `ids` names (1,2,3); the print stylesheet drops the toolbar. */
export function PackingSlips({ ids, shop }: { ids: string; shop?: PublicShopSettings }) {
  const { currentData: orders, error } = useGetPackingSlipsQuery(ids);
  const booked = orders?.filter((o) => o.shipment).map((o) => o.id) ?? [];
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
          <div className="flex flex-wrap items-center gap-2">
            {booked.length > 0 ? (
              <a href={labelsUrl(booked)} target="_blank" rel="noopener" className={buttonClasses('outline')}>
                <Tag aria-hidden="true" className="size-4" />
                Print labels ({booked.length})<span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              orders &&
              orders.length > 0 && <p className="text-xs text-ink-soft">No shipment booked yet: no labels</p>
            )}
            <Button onClick={() => window.print()} disabled={!orders?.length}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </Button>
          </div>
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
