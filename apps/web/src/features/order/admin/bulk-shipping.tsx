import { useId, useState } from 'react';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { AlertCircle, Tag, Truck, X } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import type { ShipmentBatch } from '@shop/shared/shipping-schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { ASK_ONCE } from '../../../lib/base-api';
import { errorText } from '../../../lib/error-text';
import { useAppSelector } from '../../../lib/store-hooks';
import { labelsUrl } from './labels';
import {
  shippingApi,
  useBookShipmentBatchMutation,
  useGetCourierSetupQuery,
  useGetShipmentBatchQuery,
} from './shipping-api';

/** How often a running booking's progress is read (GET /api/shipping/batches/{id}). */
export const BATCH_POLL_MS = 1000;

interface BookingRun {
  /** The orders ticked when the booking started: its labels are theirs. */
  ids: readonly number[];
  /** The batch as the POST answered it, until the first poll does. */
  started: ShipmentBatch;
}

/**
 * Several ticked orders booked with Shiprocket at once (POST /api/orders/shipments/batch): the server
 * books them one by one in the background; this polls the batch about once a second until it has
 * finished, and the lists are read again then (shipping-api's getShipmentBatch).
 */
export function useBulkBooking() {
  const [post, { isLoading: starting }] = useBookShipmentBatchMutation();
  const [run, setRun] = useState<BookingRun | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const batchId = run?.started.id;

  // Polling ends once the batch has finished, or is gone (the server restarted: nothing more to read).
  const settled = useAppSelector((state) => {
    if (batchId === undefined) return true;
    const { data, error } = shippingApi.endpoints.getShipmentBatch.select(batchId)(state);
    return data?.finished === true || (error !== undefined && 'status' in error && error.status === 404);
  });
  const { currentData, error } = useGetShipmentBatchQuery(batchId ?? skipToken, {
    pollingInterval: settled ? 0 : BATCH_POLL_MS,
  });
  const batch = currentData ?? run?.started ?? null;

  async function start(ids: readonly number[]) {
    setRefusal(null);
    setRun(null);
    const result = await post({ ids });
    if (result.error) {
      setRefusal(errorText(result.error));
      return;
    }
    setRun({ ids: [...ids], started: result.data });
  }

  return {
    start,
    starting,
    /** A booking is under way: another waits for it. */
    busy: starting || (batch !== null && !batch.finished),
    ids: run?.ids ?? [],
    batch,
    /** The progress could not be read (polling goes on while the batch may still be there). */
    pollError: error && !batch?.finished ? errorText(error) : null,
    /** The server refused to start it (409: Shiprocket is not set up; 400: the ids). */
    refusal,
    dismiss: () => {
      setRun(null);
      setRefusal(null);
    },
  };
}

export type BulkBooking = ReturnType<typeof useBulkBooking>;

/** "Book with Shiprocket (n)" among the bulk actions, shown only when Shiprocket is set up. */
export function BookWithShiprocket({ ids, booking }: { ids: readonly number[]; booking: BulkBooking }) {
  const { data: setup } = useGetCourierSetupQuery(undefined, ASK_ONCE);
  if (setup?.shiprocket !== true) return null;
  return (
    <Button
      variant="outline"
      loading={booking.starting}
      disabled={booking.busy || ids.length === 0}
      icon={<Truck aria-hidden="true" className="size-4" />}
      onClick={() => void booking.start(ids)}
    >
      Book with Shiprocket ({ids.length})
    </Button>
  );
}

/**
 * The booking's progress, then its outcome: the orders not booked with the server's reason and the
 * labels of the ones that were. The live region is always in the page, so a screen reader hears each
 * change ("Booking 2 of 5…", then "Booked 4 of 5").
 */
export function BulkBookingStatus({ booking, className }: { booking: BulkBooking; className?: string }) {
  const { batch, refusal, pollError } = booking;
  const failures = batch?.failures ?? [];
  const booked = batch ? batch.done - failures.length : 0;
  const shown = batch !== null || refusal !== null;
  return (
    <div
      className={cx(
        shown && 'rounded-xl border border-sand bg-white p-4 text-sm shadow-sm',
        shown && className,
      )}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="font-medium text-ink">
        {batch &&
          (batch.finished ? (
            <p>
              Booked {booked} of {batch.total} with Shiprocket
              {failures.length > 0 &&
                `. ${failures.length} ${failures.length === 1 ? 'order was' : 'orders were'} not booked.`}
            </p>
          ) : (
            <p>
              Booking {batch.done} of {batch.total}…
            </p>
          ))}
      </div>
      {batch && !batch.finished && (
        <div
          role="progressbar"
          aria-label="Orders booked with Shiprocket"
          aria-valuemin={0}
          aria-valuemax={batch.total}
          aria-valuenow={batch.done}
          aria-valuetext={`${batch.done} of ${batch.total}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-sand/60"
        >
          <div
            className="h-full rounded-full bg-teal transition-[width] motion-reduce:transition-none"
            style={{ width: `${batch.total ? (100 * batch.done) / batch.total : 0}%` }}
          />
        </div>
      )}
      {pollError && <p className="mt-2 text-ink-soft">Could not read the progress: {pollError}</p>}
      {batch?.finished && failures.length > 0 && (
        <ul aria-label="Orders not booked" className="mt-3 space-y-1 text-red-800">
          {failures.map((f) => (
            <li key={f.orderId}>
              <Link
                to={`${paths.adminOrderDetail}?id=${f.orderId}`}
                className="font-semibold hover:underline"
              >
                Order #{f.orderId}
              </Link>
              : {f.error}
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {refusal}
        </p>
      )}
      {(batch?.finished || refusal) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {batch?.finished && booked > 0 && (
            <a
              href={labelsUrl(booking.ids)}
              target="_blank"
              rel="noopener"
              className={buttonClasses('primary')}
            >
              <Tag aria-hidden="true" className="size-4" />
              Print labels <span className="sr-only">(of the orders just booked; opens in a new tab)</span>
            </a>
          )}
          <button
            type="button"
            onClick={booking.dismiss}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-medium text-teal hover:underline"
          >
            <X aria-hidden="true" className="size-4" />
            Close
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The ticked orders' labels in one PDF. The server skips orders without a shipment and answers 409 when
 * none has one, so with none booked (as the table's rows say) the button waits, saying why.
 */
export function PrintLabels({ orders }: { orders: readonly Order[] }) {
  const hint = useId();
  if (!orders.some((o) => o.shipment)) {
    return (
      <span className="inline-flex items-center gap-2">
        {/* aria-disabled, not disabled: it stays focusable, so its hint is heard. */}
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={hint}
          className={buttonClasses(
            'outline',
            'md',
            'cursor-not-allowed opacity-60 hover:border-sand hover:bg-white',
          )}
        >
          <Tag aria-hidden="true" className="size-4" />
          Print labels
        </button>
        <span id={hint} className="max-w-28 text-xs text-ink-soft">
          Book these orders first
        </span>
      </span>
    );
  }
  return (
    <a
      href={labelsUrl(orders.map((o) => o.id))}
      target="_blank"
      rel="noopener"
      title="Shipping labels of the ticked orders that have a shipment"
      className={buttonClasses('outline')}
    >
      <Tag aria-hidden="true" className="size-4" />
      Print labels{' '}
      <span className="sr-only">(opens in a new tab; orders without a shipment are skipped)</span>
    </a>
  );
}
