import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  AlertCircle,
  CalendarDays,
  ExternalLink,
  Lock,
  MapPin,
  Package,
  PackageCheck,
  PackageSearch,
  RotateCcw,
  SearchX,
  Truck,
  WifiOff,
  XCircle,
} from 'lucide-react';
import type { OrderStatus } from '@shop/shared/constants';
import { formatIndiaDate, formatIndiaDateTime } from '@shop/shared/india-time';
import {
  ORDER_PLACED,
  STAGE_LABELS,
  STAGE_STATUS,
  type OrderStage,
  type Tracking,
  type TrackingEvent,
} from '@shop/shared/shipping';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatIndiaDay } from '../../../lib/india-dates';
import { useTrackParcelQuery } from '../track-api';
import { TrackSearch } from './track-search';

/** What the stage means to the person waiting for the parcel. */
const SAY: Record<OrderStage, string> = {
  pending: 'We have your order and will confirm it shortly.',
  confirmed: 'Your order is confirmed and is being made ready.',
  packed: 'Your order is packed and waiting for the courier.',
  shipped: 'Your parcel is on its way to you.',
  out_for_delivery: 'Your parcel is out for delivery. Please keep your phone close.',
  delivered: 'Your parcel has been delivered. We hope you love it!',
  undelivered: 'The courier could not deliver your parcel. They will try again, or contact us to arrange it.',
  rto: 'Your parcel came back to us without being delivered. Please contact us if you still want it.',
  cancelled: 'This order was cancelled.',
};

const PREPARING = {
  icon: <Package aria-hidden="true" className="size-9 text-maroon" />,
  ring: 'bg-gold-light/40 ring-gold-light/30',
};
const ON_ITS_WAY = {
  icon: <Truck aria-hidden="true" className="size-9 text-teal" />,
  ring: 'bg-teal/10 ring-teal/5',
};

const LOOK: Record<OrderStage, { icon: ReactNode; ring: string }> = {
  pending: PREPARING,
  confirmed: PREPARING,
  packed: PREPARING,
  shipped: ON_ITS_WAY,
  out_for_delivery: ON_ITS_WAY,
  delivered: {
    icon: <PackageCheck aria-hidden="true" className="size-9 text-green-700" />,
    ring: 'bg-green-50 ring-green-50/60',
  },
  undelivered: {
    icon: <AlertCircle aria-hidden="true" className="size-9 text-gold-dark" />,
    ring: 'bg-gold-light/40 ring-gold-light/30',
  },
  rto: {
    icon: <RotateCcw aria-hidden="true" className="size-9 text-red-700" />,
    ring: 'bg-red-50 ring-red-50/60',
  },
  cancelled: {
    icon: <XCircle aria-hidden="true" className="size-9 text-red-700" />,
    ring: 'bg-red-50 ring-red-50/60',
  },
};

const DOT: Record<OrderStatus, string> = {
  pending: 'bg-purple-600',
  dispatched: 'bg-yellow-600',
  delivered: 'bg-green-600',
  cancelled: 'bg-red-600',
};

/** The journey as the shopper pictures it; a failed attempt sits where it happened. */
const STEPS: { label: string; stages: readonly OrderStage[] }[] = [
  { label: 'Ordered', stages: ['pending', 'confirmed'] },
  { label: STAGE_LABELS.packed, stages: ['packed'] },
  { label: STAGE_LABELS.shipped, stages: ['shipped'] },
  { label: STAGE_LABELS.out_for_delivery, stages: ['out_for_delivery', 'undelivered'] },
  { label: STAGE_LABELS.delivered, stages: ['delivered'] },
];

const isWebLink = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

function Card({ children }: { children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand/70">
      {children}
    </section>
  );
}

function Heading({
  icon,
  ring,
  kicker,
  title,
  children,
  after,
}: {
  icon: ReactNode;
  ring: string;
  kicker?: string;
  title: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <header className="border-b border-sand bg-ivory/70 px-5 py-8 text-center sm:px-10">
      <div className={cx('mx-auto flex size-16 items-center justify-center rounded-full ring-8', ring)}>
        {icon}
      </div>
      {kicker && <p className="mt-5 text-sm font-semibold tracking-widest text-teal uppercase">{kicker}</p>}
      <h1 className={cx('text-3xl font-bold text-balance text-ink sm:text-4xl', kicker ? 'mt-1' : 'mt-5')}>
        {title}
      </h1>
      {children && <div className="mx-auto mt-3 max-w-md text-ink-soft">{children}</div>}
      {after}
    </header>
  );
}

function Progress({ stage }: { stage: OrderStage }) {
  const at = STEPS.findIndex((s) => s.stages.includes(stage));
  if (at < 0) return null;
  const trouble = stage === 'undelivered';
  return (
    <ol aria-label="Progress" className="mx-auto mt-7 grid max-w-lg grid-cols-5">
      {STEPS.map((step, i) => {
        const done = i < at || (i === at && stage === 'delivered');
        const current = i === at;
        return (
          <li
            key={step.label}
            aria-current={current ? 'step' : undefined}
            className="relative flex flex-col items-center text-center"
          >
            {i > 0 && (
              <span
                aria-hidden="true"
                className={cx('absolute top-2 right-1/2 h-0.5 w-full', i <= at ? 'bg-teal' : 'bg-sand')}
              />
            )}
            <span
              aria-hidden="true"
              className={cx(
                'relative z-10 size-4.5 rounded-full ring-4 ring-ivory',
                current && trouble
                  ? 'bg-gold'
                  : done || current
                    ? 'bg-teal'
                    : 'border-2 border-sand bg-white',
                current && !done && !trouble && 'outline-2 outline-offset-2 outline-teal/40',
              )}
            />
            <span
              className={cx(
                'mt-2 text-xs leading-tight sm:text-sm',
                current ? 'font-semibold text-ink' : 'text-ink-soft',
              )}
            >
              {step.label}
              {done && !current && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-semibold tracking-wider text-ink-soft uppercase">
        <span aria-hidden="true" className="absolute top-0.5 left-0 text-teal">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 min-w-0 text-ink">{children}</dd>
    </div>
  );
}

function Facts({ t }: { t: Tracking }) {
  const delivered = t.stage === 'delivered' ? t.events.findLast((e) => e.stage === 'delivered') : undefined;
  const waiting = !['delivered', 'cancelled', 'rto'].includes(t.stage);
  return (
    <section aria-labelledby="track-facts-title">
      <h2 id="track-facts-title" className="sr-only">
        Parcel details
      </h2>
      <dl className="space-y-4 rounded-xl bg-ivory px-4 py-4 text-sm">
        {delivered ? (
          <Fact icon={<CalendarDays className="size-5" />} label="Delivered on">
            <time dateTime={delivered.at} className="text-base font-semibold">
              {formatIndiaDate(delivered.at)}
            </time>
          </Fact>
        ) : (
          waiting &&
          t.expectedDelivery && (
            <Fact icon={<CalendarDays className="size-5" />} label="Expected delivery">
              <time dateTime={t.expectedDelivery} className="text-base font-semibold">
                {formatIndiaDay(t.expectedDelivery)}
              </time>
            </Fact>
          )
        )}
        {t.shipment ? (
          <Fact icon={<Truck className="size-5" />} label="Courier">
            <span className="font-medium">{t.shipment.courierName}</span>
            <span className="mt-0.5 block text-ink-soft">
              AWB <span className="font-mono break-all text-ink">{t.shipment.awb}</span>
            </span>
            {isWebLink(t.shipment.trackingUrl) && (
              <a
                href={t.shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-block py-1 font-medium text-teal hover:underline"
              >
                Track on the courier’s{' '}
                <span className="whitespace-nowrap">
                  website
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                </span>
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </Fact>
        ) : (
          waiting && (
            <Fact icon={<Truck className="size-5" />} label="Courier">
              <span className="text-ink-soft">
                Not handed to a courier yet. The parcel number appears here once it is.
              </span>
            </Fact>
          )
        )}
        <Fact icon={<Package className="size-5" />} label="Ordered on">
          <time dateTime={t.placedAt}>{formatIndiaDate(t.placedAt)}</time>
        </Fact>
      </dl>
    </section>
  );
}

function TimelineEntry({ e, latest }: { e: TrackingEvent; latest: boolean }) {
  // The placing is its own step, whatever stage the order started at.
  const title = e.description === ORDER_PLACED ? ORDER_PLACED : STAGE_LABELS[e.stage];
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className={cx(
          'absolute rounded-full ring-4 ring-white',
          latest ? 'top-1 -left-[2rem] size-3.5' : 'top-1.5 -left-[1.875rem] size-2.5',
          DOT[STAGE_STATUS[e.stage]],
        )}
      />
      <p className={cx('text-ink', latest ? 'font-semibold' : 'font-medium')}>{title}</p>
      {e.description && e.description !== title && <p className="text-sm text-ink-soft">{e.description}</p>}
      <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-ink-soft">
        <time dateTime={e.at}>{formatIndiaDateTime(e.at)}</time>
        {e.location && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5" />
            {e.location}
          </span>
        )}
      </p>
    </li>
  );
}

function Timeline({ events }: { events: TrackingEvent[] }) {
  const newestFirst = [...events].reverse();
  return (
    <section aria-labelledby="track-history-title">
      <h2 id="track-history-title" className="text-xl font-semibold text-ink">
        Tracking history
      </h2>
      <p className="mt-0.5 text-xs text-ink-soft">Latest first · times in India time</p>
      {newestFirst.length === 0 ? (
        <p className="mt-4 text-sm text-ink-soft">No updates yet. Each step appears here as it happens.</p>
      ) : (
        <ol aria-label="Tracking history" className="mt-4 ml-2 space-y-5 border-l-2 border-sand pl-6">
          {newestFirst.map((e, i) => (
            <TimelineEntry key={`${e.at}-${i}`} e={e} latest={i === 0} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The address, once someone gives the order's phone or email; until then a small form asks for one. */
function DeliveryAddress({
  deliverTo,
  onContact,
  checking,
  mismatch,
  failure,
}: {
  deliverTo: Tracking['deliverTo'];
  onContact: (contact: string) => void;
  checking: boolean;
  mismatch: boolean;
  failure: string | null;
}) {
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const shown = useRef<HTMLElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const contact = value.trim();
    setEmpty(contact === '');
    if (contact !== '') onContact(contact);
  }
  const problem = empty
    ? 'Enter the phone number or email used for the order'
    : mismatch
      ? 'That does not match the phone number or email on this order. Please check it and try again.'
      : (failure ?? undefined);
  // The form is replaced by the address, or its field gains a problem: focus goes where the news is.
  useEffect(() => {
    if (deliverTo) shown.current?.focus();
  }, [deliverTo]);
  useEffect(() => {
    if (problem) field.current?.focus();
  }, [problem]);
  return (
    <section aria-labelledby="track-address-title" className="rounded-xl border border-sand px-4 py-4">
      <h2
        id="track-address-title"
        className="flex items-center gap-2 font-sans text-sm font-semibold tracking-wider text-ink-soft uppercase"
      >
        <MapPin aria-hidden="true" className="size-4 text-teal" />
        Delivery address
      </h2>
      {deliverTo ? (
        <address
          ref={shown}
          tabIndex={-1}
          className="mt-2 text-sm leading-relaxed text-ink not-italic focus:outline-none"
        >
          <span className="block font-semibold">{deliverTo.name}</span>
          <span className="block">{deliverTo.street}</span>
          <span className="block">
            {deliverTo.city}, {deliverTo.state} {deliverTo.pinCode}
          </span>
        </address>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2">
          <p className="flex gap-2 text-sm text-ink-soft">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Enter the phone number or email on the order to see the delivery address.
          </p>
          <TextField
            ref={field}
            label="Phone number or email"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={problem}
            wrapperClassName="mt-3"
          />
          <Button type="submit" variant="secondary" loading={checking} className="mt-3 w-full">
            Show address
          </Button>
        </form>
      )}
    </section>
  );
}

function MoreLinks() {
  return (
    <div className="flex flex-col gap-3 border-t border-sand px-5 py-6 sm:flex-row sm:justify-center sm:px-10">
      <Link to={paths.track()} className={buttonClasses('outline', 'lg')}>
        Track another order
      </Link>
      <Link to={paths.shopPage('contact')} className={buttonClasses('outline', 'lg')}>
        Need help? Contact us
      </Link>
      <Link to={paths.home} className={buttonClasses('outline', 'lg')}>
        Continue shopping
      </Link>
    </div>
  );
}

function Loading() {
  return (
    <Card>
      <div aria-busy="true" className="space-y-4 px-5 py-8 sm:px-10">
        <span role="status" className="sr-only">
          Loading your tracking…
        </span>
        <Skeleton className="mx-auto size-16 rounded-full" />
        <Skeleton className="mx-auto h-4 w-24" />
        <Skeleton className="mx-auto h-9 w-1/2" />
        <Skeleton className="mx-auto h-4 w-2/3" />
        <Skeleton className="mt-8 h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </Card>
  );
}

/** `/track`: asks for an order number or an AWB. */
export function TrackLanding() {
  return (
    <Card>
      <Heading
        icon={<PackageSearch aria-hidden="true" className="size-9 text-maroon" />}
        ring="bg-gold-light/40 ring-gold-light/30"
        kicker="Order tracking"
        title="Where is my order?"
      >
        <p>Enter your order number or the courier’s AWB to see where your parcel is, step by step.</p>
      </Heading>
      <div className="px-5 py-6 sm:px-10">
        <TrackSearch />
      </div>
    </Card>
  );
}

/**
 * `/track/{ref}` (docs/product.md, Shipping): where an order or a parcel is, open to anyone with its
 * number; the address only to someone who gives the order's phone or email.
 */
export function ParcelTracking({ reference }: { reference: string }) {
  const base = useTrackParcelQuery({ ref: reference });
  const [contact, setContact] = useState<string | null>(null);
  const withContact = useTrackParcelQuery(contact ? { ref: reference, contact } : skipToken);
  const t = withContact.currentData ?? base.data;

  if (!t && base.isLoading) return <Loading />;

  if (!t) {
    const status = base.error && 'status' in base.error ? base.error.status : 0;
    const notFound = status === 404 || status === 400;
    return (
      <Card>
        {notFound ? (
          <Heading
            icon={<SearchX aria-hidden="true" className="size-9 text-maroon" />}
            ring="bg-white ring-sand/40"
            title={`We could not find an order or parcel with “${reference}”`}
          >
            <p>
              Please check the number in your order mail or message and try again. Order numbers look like
              #1234; the AWB comes from the courier.
            </p>
          </Heading>
        ) : (
          <Heading
            icon={<WifiOff aria-hidden="true" className="size-9 text-maroon" />}
            ring="bg-white ring-sand/40"
            title="We could not load the tracking just now"
          >
            {status > 0 && <p>{errorText(base.error)}</p>}
            <p>
              {status > 0 ? 'Please try again in a moment.' : 'Please check your connection and try again.'}
            </p>
          </Heading>
        )}
        <div className="px-5 py-6 sm:px-10">
          {notFound ? (
            <TrackSearch initial={reference} submitLabel="Try again" />
          ) : (
            <Button
              size="lg"
              className="w-full"
              loading={base.isFetching}
              onClick={() => void base.refetch()}
            >
              Try again
            </Button>
          )}
        </div>
        <MoreLinks />
      </Card>
    );
  }

  const look = LOOK[t.stage];
  const checked = contact !== null && withContact.currentData !== undefined;
  return (
    <Card>
      <Heading
        icon={look.icon}
        ring={look.ring}
        kicker={`Order #${t.orderId}`}
        title={STAGE_LABELS[t.stage]}
        after={<Progress stage={t.stage} />}
      >
        <p>{SAY[t.stage]}</p>
      </Heading>
      <div className="grid gap-6 px-5 py-6 sm:px-10 md:grid-cols-[1fr_17rem] md:gap-x-10">
        <div className="md:col-start-2 md:row-start-1">
          <Facts t={t} />
        </div>
        <div className="md:col-start-1 md:row-span-2 md:row-start-1">
          <Timeline events={t.events} />
        </div>
        <div className="md:col-start-2 md:row-start-2">
          <DeliveryAddress
            deliverTo={t.deliverTo}
            onContact={setContact}
            checking={withContact.isFetching}
            mismatch={checked && t.deliverTo === null && !withContact.isFetching}
            failure={contact !== null && withContact.error ? errorText(withContact.error) : null}
          />
        </div>
      </div>
      <MoreLinks />
    </Card>
  );
}
