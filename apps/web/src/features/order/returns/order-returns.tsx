import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ReceiptText, RotateCcw, Truck } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { Order } from '@shop/shared/order';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type OrderReturns as Returns,
  type ReturnRequest,
  type ReturnStatus,
} from '@shop/shared/returns';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { API_BASE } from '../../../lib/api-client';
import { colourName } from '../../../lib/colour-name';
import { errorText } from '../../../lib/error-text';
import { formatIndiaDay, formatIndiaMoment } from '../../../lib/india-dates';
import { useGetOrderReturnsQuery, useShipBackMutation } from './returns-api';

// The form carries zod (returns-schemas): it loads the first time the shopper asks.
const ReturnRequestForm = lazy(() => import('./return-request-form'));

export const creditNotePdfUrl = (orderId: number, creditNoteId: number) =>
  `${API_BASE}/orders/${orderId}/credit-notes/${creditNoteId}`;

const TONE: Record<ReturnStatus, BadgeTone> = {
  requested: 'yellow',
  approved: 'teal',
  rejected: 'red',
  received: 'purple',
  refunded: 'green',
  closed: 'green',
};

const NOT_RETURNABLE: Record<NonNullable<Returns['returnable'][number]['reason']>, string> = {
  non_returnable: 'cannot be returned',
  window_closed: 'its return window has closed',
  not_delivered: 'not delivered yet',
  asked: 'already asked for',
};

/** What can be sent back from a delivered order, and every request made: nothing for any other order. */
export function OrderReturns({ order }: { order: Order }) {
  const delivered = order.status === 'delivered';
  const { data } = useGetOrderReturnsQuery(order.id, { skip: !delivered });
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form; 0 until the first, so its code is not asked for before.
  const [session, setSession] = useState(0);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const openerId = `returns-${order.id}-open`;

  // After the dialog has gone, and after Headless UI's own return of focus (a microtask later), which
  // cannot know an opener pressed before its code loaded, nor a new request's heading.
  useEffect(() => {
    if (open || focusAfter === null) return;
    const t = setTimeout(() => {
      document.getElementById(focusAfter)?.focus();
      setFocusAfter(null);
    }, 0);
    return () => clearTimeout(t);
  }, [open, focusAfter]);

  if (!delivered || !data) return null;
  const canAsk = data.returnBy !== null && data.returnable.some((r) => r.quantity > 0);
  if (!canAsk && data.returns.length === 0) return null;
  const requests = [...data.returns].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const headingId = `returns-${order.id}-title`;
  const untilId = `returns-${order.id}-until`;

  return (
    <section aria-labelledby={headingId} className="border-t border-sand px-4 py-4 text-sm sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-serif text-base font-semibold text-ink">
          Returns and exchanges
        </h3>
        {canAsk && data.returnBy && (
          <div className="flex w-full flex-col gap-1 sm:w-auto sm:items-end">
            <Button
              id={openerId}
              variant="outline"
              aria-haspopup="dialog"
              aria-label={`Return or exchange from order #${order.id}`}
              aria-describedby={untilId}
              icon={<RotateCcw aria-hidden="true" className="size-4" />}
              onClick={() => {
                setSession((s) => s + 1);
                setOpen(true);
              }}
            >
              Return or exchange
            </Button>
            <p id={untilId} className="text-xs text-ink-soft sm:text-right">
              Until <time dateTime={data.returnBy}>{formatIndiaDay(data.returnBy)}</time>
            </p>
          </div>
        )}
      </div>
      {requests.length > 0 && (
        <ul className="mt-3 space-y-3">
          {requests.map((r) => (
            <ReturnCard key={r.id} request={r} paidByCard={order.paymentMethod === 'card'} />
          ))}
        </ul>
      )}
      <NotReturnable order={order} returnable={data.returnable} show={canAsk} />
      {session > 0 && (
        <Suspense fallback={<Spinner size="sm" label="Loading the form" className="mt-2" />}>
          <ReturnRequestForm
            key={session}
            order={order}
            returnable={data.returnable}
            returnBy={data.returnBy}
            open={open}
            onClose={() => {
              setOpen(false);
              setFocusAfter(openerId);
            }}
            onRequested={(request) => {
              setOpen(false);
              setFocusAfter(`return-${request.id}-title`);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** Items the shopper may look for in vain in the form: why each is not offered. */
function NotReturnable({
  order,
  returnable,
  show,
}: {
  order: Order;
  returnable: Returns['returnable'];
  show: boolean;
}) {
  if (!show) return null;
  const out = returnable.flatMap((r) => {
    const item = order.items.find((i) => i.id === r.itemId);
    return r.quantity === 0 && r.reason && r.reason !== 'asked' && item
      ? [{ item, why: NOT_RETURNABLE[r.reason] }]
      : [];
  });
  if (out.length === 0) return null;
  return (
    <ul className="mt-2 text-xs text-ink-soft">
      {out.map(({ item, why }) => (
        <li key={item.id}>
          {item.product.title}: {why}
        </li>
      ))}
    </ul>
  );
}

function refundDestination(r: ReturnRequest, paidByCard: boolean): string | null {
  if (r.refund?.method === 'original' || (!r.refundTo && paidByCard))
    return 'to the card or UPI account you paid from';
  if (!r.refundTo) return null;
  if ('upi' in r.refundTo) return `to UPI ${r.refundTo.upi}`;
  return `to account ${r.refundTo.accountNumber} (${r.refundTo.ifsc})`;
}

function ReturnCard({ request: r, paidByCard }: { request: ReturnRequest; paidByCard: boolean }) {
  const titleId = `return-${r.id}-title`;
  const to = refundDestination(r, paidByCard);
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-lg border border-sand bg-ivory/60 p-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h4 id={titleId} tabIndex={-1} className="font-semibold text-ink focus:outline-none">
            Return #{r.id}
          </h4>
          <Badge tone={TONE[r.status]}>{RETURN_STATUS_LABELS[r.status]}</Badge>
          <span className="text-xs text-ink-soft">
            Asked on <time dateTime={r.createdAt}>{formatIndiaMoment(r.createdAt)}</time>
          </span>
        </div>

        <ul className="mt-3 space-y-3">
          {r.items.map((i) => (
            <li key={i.id} className="flex gap-3">
              <img
                src={i.thumbnail}
                alt=""
                width={40}
                height={53}
                loading="lazy"
                className="aspect-[3/4] w-10 shrink-0 rounded-md bg-sand/50 object-cover"
              />
              <div className="min-w-0">
                <p className="font-medium text-ink">{i.title}</p>
                <p className="text-xs text-ink-soft">
                  {colourName(i.color)} · Size {i.sizeText} · Qty {i.quantity}
                </p>
                <p className="text-xs text-ink-soft">Reason: {RETURN_REASON_LABELS[i.reason]}</p>
                <p className="text-xs font-medium text-ink">
                  {i.exchange
                    ? `Exchange for ${colourName(i.exchange.color)}, size ${i.exchange.sizeText}`
                    : 'For a refund'}
                </p>
              </div>
            </li>
          ))}
        </ul>

        {(r.refundAmount > 0 || r.collectAmount > 0 || r.pickup) && (
          <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {r.refundAmount > 0 && (
              <div>
                <dt className="text-xs text-ink-soft">Refund</dt>
                <dd className="font-semibold text-maroon">
                  {formatRupees(r.refundAmount)}
                  {to && <span className="font-normal text-ink-soft"> {to}</span>}
                </dd>
              </div>
            )}
            {r.collectAmount > 0 && (
              <div>
                <dt className="text-xs text-ink-soft">To pay when the exchange is delivered</dt>
                <dd className="font-semibold text-ink">{formatRupees(r.collectAmount)}</dd>
              </div>
            )}
            {r.pickup && (
              <div className="sm:col-span-2">
                <dt className="text-xs text-ink-soft">Parcel back to the shop</dt>
                <dd className="flex flex-wrap items-center gap-x-2 text-ink">
                  <Truck aria-hidden="true" className="size-4 text-teal" />
                  {r.pickup.courierName} · AWB{' '}
                  <span className="font-mono font-semibold break-all">{r.pickup.awb}</span>
                </dd>
              </div>
            )}
          </dl>
        )}

        {r.status === 'requested' && (
          <p className="mt-3 text-ink-soft">
            The shop will look at your request and tell you what happens next.
          </p>
        )}
        {r.status === 'approved' && r.pickup && (
          <p className="mt-3 text-ink-soft">
            A courier will collect the parcel; keep the items packed and ready.
          </p>
        )}
        {r.status === 'approved' && !r.pickup && <ShipBackForm request={r} />}
        {r.rejectReason && (
          <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
            <span className="font-semibold">Why:</span> {r.rejectReason}
          </p>
        )}
        <RefundLine request={r} />
        {r.exchangeOrderId !== null && (
          <p className="mt-2 text-ink">Your exchange ships as order #{r.exchangeOrderId}.</p>
        )}
        {r.creditNote && (
          <a
            href={creditNotePdfUrl(r.orderId, r.creditNote.id)}
            download
            className="mt-2 -ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-medium text-maroon underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal"
          >
            <ReceiptText aria-hidden="true" className="size-4.5" />
            Download credit note {r.creditNote.number}
          </a>
        )}
        {r.events.length > 0 && (
          <ol aria-label={`Steps of return #${r.id}`} className="mt-3 space-y-1.5 border-l border-sand pl-4">
            {r.events.map((e, i) => (
              <li key={i} className="relative text-xs text-ink-soft">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-[1.3rem] size-2 rounded-full bg-gold ring-2 ring-white"
                />
                <span className="font-medium text-ink">{RETURN_STATUS_LABELS[e.status]}</span> ·{' '}
                <time dateTime={e.at}>{formatIndiaMoment(e.at)}</time>
                {e.note && <> · {e.note}</>}
              </li>
            ))}
          </ol>
        )}
      </article>
    </li>
  );
}

function RefundLine({ request: r }: { request: ReturnRequest }) {
  const refund = r.refund;
  if (!refund) return null;
  const amount = formatRupees(refund.amount);
  if (refund.status === 'processed')
    return (
      <p className="mt-2 text-green-800">
        Refunded {amount}
        {refund.processedAt && (
          <>
            {' '}
            on <time dateTime={refund.processedAt}>{formatIndiaMoment(refund.processedAt)}</time>
          </>
        )}
        {refund.reference && <> · Reference {refund.reference}</>}
      </p>
    );
  if (refund.status === 'failed')
    return (
      <p className="mt-2 text-red-800">
        The refund of {amount} did not go through; the shop will send it again.
      </p>
    );
  return <p className="mt-2 text-ink">Refund of {amount} is on its way.</p>;
}

/** An approved return the shop arranged no pickup for: the shopper sends it and says how. */
function ShipBackForm({ request }: { request: ReturnRequest }) {
  const [shipBack, { isLoading }] = useShipBackMutation();
  const [courierName, setCourierName] = useState('');
  const [awb, setAwb] = useState('');
  const [errors, setErrors] = useState<{ courierName?: string; awb?: string; form?: string }>({});
  const courierRef = useRef<HTMLInputElement>(null);
  const awbRef = useRef<HTMLInputElement>(null);
  const headingId = `return-${request.id}-ship`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The schema library is loaded here, on the first submit, not with the orders page.
    const { returnShipBackBodySchema } = await import('@shop/shared/returns-schemas');
    const body = returnShipBackBodySchema.safeParse({ courierName, awb });
    if (!body.success) {
      const found: typeof errors = {};
      for (const issue of body.error.issues) {
        const key = issue.path[0] === 'awb' ? 'awb' : 'courierName';
        found[key] ??= issue.message;
      }
      setErrors(found);
      (found.courierName ? courierRef : awbRef).current?.focus();
      return;
    }
    setErrors({});
    const result = await shipBack({ id: request.id, orderId: request.orderId, ...body.data });
    if (result.error) setErrors({ form: errorText(result.error) });
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      className="mt-3 rounded-lg border border-gold/60 bg-white p-3"
    >
      <p id={headingId} className="font-semibold text-ink">
        Please send the parcel back to us
      </p>
      <p className="mt-1 text-ink-soft">
        Pack the items, send them by any courier to the shop’s address on your invoice, then tell us the
        courier and the AWB (tracking number) it gave you.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          ref={courierRef}
          label="Courier"
          value={courierName}
          onChange={(e) => setCourierName(e.target.value)}
          error={errors.courierName}
          autoComplete="off"
          maxLength={60}
        />
        <TextField
          ref={awbRef}
          label="AWB number"
          value={awb}
          onChange={(e) => setAwb(e.target.value)}
          error={errors.awb}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
      </div>
      {errors.form && (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" loading={isLoading} className="mt-3 w-full sm:w-auto">
        I have shipped it
      </Button>
    </form>
  );
}
