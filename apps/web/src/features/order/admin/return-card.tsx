import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftRight, ReceiptText, Truck } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnItem,
  type ReturnRequest,
} from '@shop/shared/returns';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { colourName } from '../../../lib/colour-name';
import { formatIndiaMoment } from '../../../lib/india-dates';
import type { ImageFor } from '../components/order-item-row';
import { ReturnActions } from './return-actions';
import {
  owesTransfer,
  paidByTransfer,
  RefundDestination,
  refundStateText,
  refundTone,
  returnCreditNoteUrl,
  ReturnStatusBadge,
} from './return-parts';

const plainImage: ImageFor = (url) => ({ src: url });

export const orderDetailLink = (orderId: number) => `${paths.adminOrderDetail}?id=${orderId}`;

function Swatch({ hex }: { hex: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full border border-ink/15 align-[-1px]"
      style={{ backgroundColor: hex }}
    />
  );
}

function ItemRow({ item, imageFor }: { item: ReturnItem; imageFor: ImageFor }) {
  const img = imageFor(item.thumbnail);
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes="56px"
        alt=""
        width={56}
        height={75}
        loading="lazy"
        className="aspect-[3/4] w-14 shrink-0 rounded-lg bg-sand/50 object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-ink">{item.title}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-ink-soft">
          <span className="inline-flex items-center gap-1">
            <Swatch hex={item.color} />
            {colourName(item.color)}
          </span>
          {item.sizeText && <span>Size {item.sizeText}</span>}
          <span>Qty {item.quantity}</span>
        </p>
        <p className="mt-1 text-ink">
          <span className="text-ink-soft">Reason: </span>
          {RETURN_REASON_LABELS[item.reason]}
        </p>
        {item.exchange && (
          <p className="mt-1 inline-flex flex-wrap items-center gap-1.5 rounded-md bg-teal/10 px-2 py-1 text-teal-dark">
            <ArrowLeftRight aria-hidden="true" className="size-3.5" />
            Exchange for
            <span className="inline-flex items-center gap-1 font-medium">
              <Swatch hex={item.exchange.color} />
              {colourName(item.exchange.color)}, size {item.exchange.sizeText}
            </span>
          </p>
        )}
        {item.photos.length > 0 && (
          <ul aria-label={`Shopper’s photos of ${item.title}`} className="mt-2 flex flex-wrap gap-2">
            {item.photos.map((url, i) => (
              <li key={`${i}-${url}`}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener"
                  className="block overflow-hidden rounded-md border border-sand hover:border-teal focus-visible:outline-2 focus-visible:outline-teal"
                >
                  <img
                    src={url}
                    alt={`Photo ${i + 1}, full size (opens in a new tab)`}
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-sand/70 pt-3 first:border-t-0 first:pt-0">
      <h3 className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{title}</h3>
      <div className="mt-1.5">{children}</div>
    </div>
  );
}

function RefundBlock({ r }: { r: ReturnRequest }) {
  const transfer = paidByTransfer(r);
  return (
    <Block title="Refund">
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-serif text-xl font-semibold text-maroon tabular-nums">
          {formatRupees(r.refundAmount)}
        </span>
        <span className="text-xs text-ink-soft">
          {r.refundAmount <= 0
            ? 'Nothing to refund'
            : transfer
              ? 'By UPI or bank transfer'
              : 'Back to the card or UPI paid with'}
        </span>
      </p>
      {r.collectAmount > 0 && (
        <p className="mt-1 text-sm text-ink">
          {formatRupees(r.collectAmount)} to collect on the exchange’s delivery
        </p>
      )}
      {r.refund && (
        <p className={cx('mt-1 text-sm font-medium', refundTone(r.refund))}>
          {refundStateText(r.refund)}
          {r.refund.reference && (
            <span className="block font-mono text-xs font-normal break-all text-ink-soft">
              Ref. {r.refund.reference}
            </span>
          )}
        </p>
      )}
      {transfer && r.refundAmount > 0 && r.refundTo && (
        <RefundDestination to={r.refundTo} copyable={owesTransfer(r)} className="mt-2" />
      )}
      {transfer && r.refundAmount > 0 && !r.refundTo && (
        <p className="mt-1 text-sm text-ink-soft">The shopper gave no UPI ID or account.</p>
      )}
    </Block>
  );
}

function Timeline({ r }: { r: ReturnRequest }) {
  return (
    <ol aria-label={`History of return #${r.id}`} className="relative space-y-3 border-l border-sand pl-4">
      {r.events.map((e, i) => (
        <li key={i} className="relative text-sm">
          <span
            aria-hidden="true"
            className={cx(
              'absolute top-1.5 -left-[1.33rem] size-2 rounded-full ring-4 ring-white',
              e.status === 'rejected'
                ? 'bg-red-600'
                : e.status === 'refunded' || e.status === 'closed'
                  ? 'bg-green-600'
                  : 'bg-gold',
            )}
          />
          <p className="font-medium text-ink">{RETURN_STATUS_LABELS[e.status]}</p>
          <p className="text-xs text-ink-soft">
            <time dateTime={e.at}>{formatIndiaMoment(e.at)}</time>
          </p>
          {e.note && <p className="text-xs break-words text-ink-soft">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

const PAYMENT = { cash: 'Cash on delivery', card: 'Card / UPI' } as const;

/** One return as staff work on it: what came back and why, the money, the parcel, and the next step. */
export function ReturnCard({
  request: r,
  isOwner,
  imageFor = plainImage,
  showOrder = true,
}: {
  request: ReturnRequest;
  isOwner: boolean;
  imageFor?: ImageFor;
  /** Off on an order's own list, where the order is the page's subject. */
  showOrder?: boolean;
}) {
  const titleId = `return-${r.id}-title`;
  const pieces = r.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <article
      id={`return-${r.id}`}
      aria-labelledby={titleId}
      className={cx(
        'min-w-0 scroll-mt-24 overflow-hidden rounded-xl border bg-white shadow-sm',
        owesTransfer(r) ? 'border-gold' : 'border-sand',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-sand/70 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-base font-semibold text-ink">
              Return #{r.id}
            </h2>
            <ReturnStatusBadge status={r.status} />
            {r.paymentMethod && (
              <Badge tone={r.paymentMethod === 'cash' ? 'neutral' : 'teal'}>{PAYMENT[r.paymentMethod]}</Badge>
            )}
          </div>
          <p className="mt-0.5 text-sm text-ink-soft">
            {showOrder && (
              <>
                <Link to={orderDetailLink(r.orderId)} className="font-medium text-teal underline underline-offset-2">
                  Order #{r.orderId}
                </Link>
                {' · '}
              </>
            )}
            {r.customerName && (
              <>
                <span className="text-ink">{r.customerName}</span>
                {' · '}
              </>
            )}
            {pieces} {pieces === 1 ? 'piece' : 'pieces'} · asked{' '}
            <time dateTime={r.createdAt}>{formatIndiaMoment(r.createdAt)}</time>
          </p>
        </div>
      </header>

      <div className="grid gap-5 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0">
          <ul className="divide-y divide-sand/70">
            {r.items.map((item) => (
              <ItemRow key={item.id} item={item} imageFor={imageFor} />
            ))}
          </ul>
          {r.rejectReason && (
            <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              <span className="font-semibold">Not accepted: </span>
              {r.rejectReason}
            </p>
          )}
        </div>

        <div className="min-w-0 space-y-3 lg:border-l lg:border-sand/70 lg:pl-5">
          <RefundBlock r={r} />
          {(r.pickup || r.status === 'approved') && (
            <Block title="Parcel back">
              {r.pickup ? (
                <p className="flex items-start gap-2 text-sm">
                  <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal" />
                  <span>
                    {r.pickup.courierName}
                    <span className="block font-mono font-medium break-all text-ink">AWB {r.pickup.awb}</span>
                  </span>
                </p>
              ) : (
                <p className="text-sm text-ink-soft">No AWB yet: the shopper enters one once they send it.</p>
              )}
              {r.restocked !== null && (
                <p className="mt-1 text-sm text-ink">
                  {r.restocked ? 'Put back in stock' : 'Not restocked (damaged)'}
                </p>
              )}
            </Block>
          )}
          {(r.creditNote || r.exchangeOrderId) && (
            <Block title="Documents">
              {r.creditNote && (
                <a
                  href={returnCreditNoteUrl(r.orderId, r.creditNote.id)}
                  download
                  className="inline-flex min-h-9 items-center gap-1.5 text-sm font-medium text-maroon hover:underline"
                >
                  <ReceiptText aria-hidden="true" className="size-4" />
                  Credit note {r.creditNote.number}
                </a>
              )}
              {r.exchangeOrderId && (
                <Link
                  to={orderDetailLink(r.exchangeOrderId)}
                  className="flex min-h-9 items-center gap-1.5 text-sm font-medium text-teal hover:underline"
                >
                  <ArrowLeftRight aria-hidden="true" className="size-4" />
                  Exchange order #{r.exchangeOrderId}
                </Link>
              )}
            </Block>
          )}
          {r.events.length > 0 && (
            <Block title="History">
              <Timeline r={r} />
            </Block>
          )}
        </div>
      </div>

      <ReturnActions
        request={r}
        isOwner={isOwner}
        className="border-t border-sand/70 bg-ivory/60 px-4 py-3 empty:hidden sm:px-5"
      />
    </article>
  );
}
