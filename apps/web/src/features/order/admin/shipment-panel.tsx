import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AlertCircle, ExternalLink, Printer, Truck } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import {
  BOOKABLE_STAGES,
  shipmentBodySchema,
  type CourierName,
  type ShipmentStatus,
} from '@shop/shared/shipping-schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { RadioCard } from '../../../components/ui/radio-card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ASK_ONCE } from '../../../lib/base-api';
import { errorText } from '../../../lib/error-text';
import { formatIndiaDay } from '../../../lib/india-dates';
import { labelUrl } from './labels';
import { useBookShipmentMutation, useGetCourierSetupQuery } from './shipping-api';

const SHIPMENT_STATUS_LABEL: Record<ShipmentStatus, string> = {
  booking: 'Being booked',
  booked: 'Booked, awaiting pickup',
  shipped: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  rto: 'Returned to us',
  cancelled: 'Cancelled',
};

const isWebLink = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

const card = 'rounded-xl border border-sand bg-white p-5 shadow-sm';

type Field = 'courierName' | 'awb' | 'trackingUrl';

/**
 * The order's parcel (docs/product.md, Shipping): booked once the order is confirmed or packed, by
 * typing the courier and the AWB or through Shiprocket when it is set up; then its details, its label
 * and the shopper's tracking page.
 */
export function ShipmentPanel({ order, className }: { order: Order; className?: string }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [justBooked, setJustBooked] = useState(false);
  // The form is gone once booked: the heading takes focus so the booked parcel is read next.
  useEffect(() => {
    if (justBooked && order.shipment) {
      setJustBooked(false);
      heading.current?.focus();
    }
  }, [justBooked, order.shipment]);

  const bookable = BOOKABLE_STAGES.includes(order.stage);
  if (!order.shipment && !bookable && order.stage !== 'pending') return null;
  return (
    <section aria-labelledby={id} className={cx(card, className)}>
      <h2
        id={id}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-ink focus:outline-none"
      >
        <Truck aria-hidden="true" className="size-5 text-teal" />
        Shipment
      </h2>
      {order.shipment ? (
        <BookedShipment orderId={order.id} shipment={order.shipment} />
      ) : bookable ? (
        <BookShipment orderId={order.id} onBooked={() => setJustBooked(true)} />
      ) : (
        <p className="mt-2 text-sm text-ink-soft">Confirm the order first; then book its shipment here.</p>
      )}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-soft">{label}</dt>
      <dd className="mt-0.5 font-medium text-ink">{children}</dd>
    </div>
  );
}

function BookedShipment({
  orderId,
  shipment,
}: {
  orderId: number;
  shipment: NonNullable<Order['shipment']>;
}) {
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Detail label="Courier">
          {shipment.courierName}
          {shipment.courier === 'shiprocket' && (
            <span className="block text-xs font-normal text-ink-soft">via Shiprocket</span>
          )}
        </Detail>
        <Detail label="AWB">
          <span className="font-mono break-all">{shipment.awb}</span>
        </Detail>
        <Detail label="Status">{SHIPMENT_STATUS_LABEL[shipment.status]}</Detail>
        <Detail label="Expected delivery">
          {shipment.expectedDelivery ? (
            <time dateTime={shipment.expectedDelivery}>{formatIndiaDay(shipment.expectedDelivery)}</time>
          ) : (
            <span className="font-normal text-ink-soft">Not known yet</span>
          )}
        </Detail>
      </dl>
      {isWebLink(shipment.trackingUrl) && (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex min-h-9 items-center gap-1 text-sm font-medium text-teal hover:underline"
        >
          Courier’s tracking
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-sand/70 pt-4">
        <a href={labelUrl(orderId)} target="_blank" rel="noopener" className={buttonClasses('primary')}>
          <Printer aria-hidden="true" className="size-4" />
          Print label
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Link to={paths.track(orderId)} target="_blank" className={buttonClasses('outline')}>
          Tracking page
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </Link>
      </div>
    </>
  );
}

function BookShipment({ orderId, onBooked }: { orderId: number; onBooked: () => void }) {
  const { data: setup } = useGetCourierSetupQuery(undefined, ASK_ONCE);
  const [book, { isLoading }] = useBookShipmentMutation();
  const [courier, setCourier] = useState<CourierName>('manual');
  const [values, setValues] = useState<Record<Field, string>>({ courierName: '', awb: '', trackingUrl: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const shiprocket = setup?.shiprocket === true;
  const via: CourierName = shiprocket ? courier : 'manual';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setRefusal(null);
    const trackingUrl = values.trackingUrl.trim();
    const parsed = shipmentBodySchema.safeParse(
      via === 'shiprocket'
        ? { courier: 'shiprocket' }
        : {
            courier: 'manual',
            courierName: values.courierName,
            awb: values.awb,
            ...(trackingUrl ? { trackingUrl } : {}),
          },
    );
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['courierName', 'awb', 'trackingUrl'] as const).find((f) => found[f]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    const result = await book({ id: orderId, body: parsed.data });
    if (result.error) {
      setRefusal(errorText(result.error));
      return;
    }
    toast.success(`Shipment booked: AWB ${result.data.awb}`);
    onBooked();
  }

  const field = (name: Field) => ({
    ref: (el: HTMLInputElement | null) => {
      fields.current[name] = el;
    },
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-4">
      {shiprocket && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Courier</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <RadioCard
              name={`courier-${orderId}`}
              value="manual"
              checked={courier === 'manual'}
              onChange={() => setCourier('manual')}
            >
              <span className="text-sm">
                <span className="block font-medium text-ink">Manual</span>
                <span className="text-ink-soft">Your own courier: type its name and the AWB.</span>
              </span>
            </RadioCard>
            <RadioCard
              name={`courier-${orderId}`}
              value="shiprocket"
              checked={courier === 'shiprocket'}
              onChange={() => setCourier('shiprocket')}
            >
              <span className="text-sm">
                <span className="block font-medium text-ink">Shiprocket</span>
                <span className="text-ink-soft">Shiprocket picks the courier and gives the AWB.</span>
              </span>
            </RadioCard>
          </div>
        </fieldset>
      )}
      {via === 'manual' && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            label="Courier name"
            placeholder="e.g. Delhivery, India Post"
            autoComplete="off"
            {...field('courierName')}
          />
          <TextField
            label="AWB"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...field('awb')}
          />
          <TextField
            label="Tracking link (optional)"
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
            wrapperClassName="sm:col-span-2"
            {...field('trackingUrl')}
          />
        </div>
      )}
      {refusal && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {refusal}
        </p>
      )}
      <div>
        <Button
          type="submit"
          loading={isLoading}
          icon={<Truck aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          Book shipment
        </Button>
        <p className="mt-2 text-xs text-ink-soft">The order moves to Shipped and the shopper is mailed.</p>
      </div>
    </form>
  );
}
