import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { AlertCircle, Banknote, CheckCircle2, Link2Off, MapPin, PackageCheck, XCircle } from 'lucide-react';
import type { CodConfirmation as Confirmation } from '@shop/shared/order';
import { formatRupees } from '@shop/shared/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { colourName } from '../../../lib/colour-name';
import { errorText } from '../../../lib/error-text';
import { formatIndiaMoment } from '../../../lib/india-dates';
import { useConfirmCodOrderMutation, useGetCodConfirmationQuery } from '../order-api';

const INVALID_LINK = 'This confirmation link is not valid';

type Stage = 'awaiting' | 'confirmed' | 'cancelled';

const stageOf = (c: Confirmation): Stage =>
  c.status === 'cancelled' ? 'cancelled' : c.confirmation === 'awaiting' ? 'awaiting' : 'confirmed';

const LOOK: Record<Stage, { icon: ReactNode; ring: string }> = {
  awaiting: { icon: <Banknote aria-hidden="true" className="size-9 text-maroon" />, ring: 'bg-gold-light/40 ring-gold-light/30' },
  confirmed: { icon: <CheckCircle2 aria-hidden="true" className="size-9 text-green-700" />, ring: 'bg-green-50 ring-green-50/60' },
  cancelled: { icon: <XCircle aria-hidden="true" className="size-9 text-red-700" />, ring: 'bg-red-50 ring-red-50/60' },
};

function Card({ children }: { children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand/70">{children}</section>
  );
}

function Heading({
  stage,
  kicker,
  title,
  children,
  titleRef,
}: {
  stage: Stage | 'invalid';
  kicker?: string;
  title: string;
  children?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const look =
    stage === 'invalid'
      ? { icon: <Link2Off aria-hidden="true" className="size-9 text-maroon" />, ring: 'bg-ivory ring-ivory/60' }
      : LOOK[stage];
  return (
    <header className="border-b border-sand bg-ivory/70 px-5 py-8 text-center sm:px-10">
      <div className={cx('mx-auto flex size-16 items-center justify-center rounded-full ring-8', look.ring)}>
        {look.icon}
      </div>
      {kicker && <p className="mt-5 text-sm font-semibold tracking-widest text-teal uppercase">{kicker}</p>}
      <h1
        ref={titleRef}
        tabIndex={-1}
        className={cx('text-2xl font-bold text-balance text-ink focus:outline-none sm:text-3xl', kicker ? 'mt-1' : 'mt-5')}
      >
        {title}
      </h1>
      {children && <div className="mx-auto mt-3 max-w-md text-ink-soft">{children}</div>}
    </header>
  );
}

function Details({ c, stage }: { c: Confirmation; stage: Stage }) {
  const d = c.deliverTo;
  return (
    <div className="space-y-6 px-5 py-6 sm:px-10">
      <section aria-labelledby="confirm-items-title">
        <h2 id="confirm-items-title" className="font-sans text-sm font-semibold tracking-wider text-ink-soft uppercase">
          Your order
        </h2>
        <ul className="mt-2 divide-y divide-sand/70">
          {c.items.map((item, i) => (
            <li key={`${item.title}-${i}`} className="flex gap-4 py-3">
              <img
                src={item.thumbnail}
                alt=""
                width={64}
                height={85}
                className="aspect-[3/4] w-16 shrink-0 rounded-lg bg-sand/50 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{item.title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
                  {item.color && (
                    <span className="inline-flex items-center gap-1.5">
                      <span
                        aria-hidden="true"
                        className="size-3.5 rounded-full ring-1 ring-ink/20"
                        style={{ backgroundColor: item.color }}
                      />
                      {colourName(item.color)}
                    </span>
                  )}
                  {item.sizeText && <span>Size {item.sizeText}</span>}
                  <span>
                    Qty: {item.quantity} × {formatRupees(item.price)}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <dl className="space-y-2 rounded-xl bg-ivory px-4 py-3 text-sm">
        {c.codFee > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">Cash on delivery fee</dt>
            <dd className="font-medium text-ink">{formatRupees(c.codFee)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-serif text-lg font-semibold text-ink">
            {stage === 'cancelled' ? 'Total' : 'To pay in cash on delivery'}
          </dt>
          <dd className="text-xl font-bold text-maroon">{formatRupees(c.totalAmount)}</dd>
        </div>
      </dl>

      <section aria-labelledby="confirm-address-title" className="flex gap-3 text-sm">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal" />
        <div>
          <h2 id="confirm-address-title" className="font-sans font-semibold text-ink">
            Deliver to
          </h2>
          <p className="text-ink-soft">
            {d.name}, {d.city}, {d.state} {d.pinCode}
          </p>
        </div>
      </section>
    </div>
  );
}

function Links() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link to={paths.home} className={buttonClasses('outline', 'lg')}>
        Continue shopping
      </Link>
      <Link to={paths.orders} className={buttonClasses('outline', 'lg')}>
        View My Orders
      </Link>
    </div>
  );
}

function Loading() {
  return (
    <Card>
      <div aria-busy="true" className="space-y-4 px-5 py-8 sm:px-10">
        <span role="status" className="sr-only">
          Loading...
        </span>
        <Skeleton className="mx-auto size-16 rounded-full" />
        <Skeleton className="mx-auto h-8 w-2/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </Card>
  );
}

/**
 * docs/product.md, Cash on delivery: the page the confirmation link opens, signed in or not. The
 * shopper sees what they ordered and where it goes, and confirms with one press.
 */
export function CodConfirmation({ id, token }: { id: string; token: string }) {
  const valid = /^\d+$/.test(id) && token !== '';
  const { data, error, isLoading, refetch } = useGetCodConfirmationQuery({ id, token }, { skip: !valid });
  const [confirm, confirming] = useConfirmCodOrderMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [justConfirmed, setJustConfirmed] = useState(false);

  // The page's words change in place after the press: the heading takes focus so they are heard.
  useEffect(() => {
    if (justConfirmed) title.current?.focus();
  }, [justConfirmed]);

  async function onConfirm() {
    setRefusal(null);
    const reply = await confirm({ id, token });
    if ('error' in reply && reply.error) {
      setRefusal(errorText(reply.error));
      void refetch();
    } else {
      setJustConfirmed(true);
    }
  }

  if (valid && isLoading) return <Loading />;

  const status = error && 'status' in error ? error.status : 404;
  // A cancelled or lapsed order's link answers 409 with the reason, even after an earlier good answer.
  if (valid && error && status === 409)
    return (
      <Card>
        <Heading stage="cancelled" kicker={`Order #${id}`} title={errorText(error)}>
          <p>It can no longer be confirmed. You are welcome to place it again whenever you like.</p>
        </Heading>
        <div className="px-5 py-6 sm:px-10">
          <Links />
        </div>
      </Card>
    );

  if (!valid || !data) {
    const invalid = !valid || status === 404;
    return (
      <Card>
        <Heading stage="invalid" title={invalid ? (error ? errorText(error) : INVALID_LINK) : 'We could not open your order just now'}>
          <p>
            {invalid
              ? 'Please open the latest link we sent to your email or phone, or find the order in My Orders.'
              : 'Please check your connection and try again.'}
          </p>
        </Heading>
        <div className="px-5 py-6 sm:px-10">
          {invalid ? (
            <Links />
          ) : (
            <Button size="lg" className="w-full" onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </div>
      </Card>
    );
  }

  const stage = stageOf(data);
  const kicker = `Order #${data.orderId}`;
  return (
    <Card>
      {stage === 'awaiting' ? (
        <Heading stage={stage} kicker={kicker} title="Confirm your order" titleRef={title}>
          <p>
            You chose to pay in cash on delivery. Please confirm that the order is yours so we can pack it
            {data.confirmBy ? (
              <>
                {' '}
                — unconfirmed orders are cancelled on{' '}
                <time dateTime={data.confirmBy} className="font-medium text-ink">
                  {formatIndiaMoment(data.confirmBy)}
                </time>{' '}
                (India time).
              </>
            ) : (
              '.'
            )}
          </p>
        </Heading>
      ) : stage === 'confirmed' ? (
        <Heading stage={stage} kicker={kicker} title="Order confirmed — we will dispatch it soon" titleRef={title}>
          <p className="flex items-start justify-center gap-2">
            <PackageCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            <span>
              Thank you! Please keep {formatRupees(data.totalAmount)} ready for the courier.
            </span>
          </p>
        </Heading>
      ) : (
        <Heading stage={stage} kicker={kicker} title="This order was cancelled" titleRef={title}>
          <p>It can no longer be confirmed. You are welcome to place it again whenever you like.</p>
        </Heading>
      )}

      <Details c={data} stage={stage} />

      <div className="space-y-3 border-t border-sand px-5 py-6 sm:px-10">
        {refusal && (
          <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refusal}
          </p>
        )}
        {stage === 'awaiting' ? (
          <Button
            size="lg"
            className="w-full"
            onClick={() => void onConfirm()}
            loading={confirming.isLoading}
            icon={<CheckCircle2 aria-hidden="true" className="size-5" />}
          >
            Confirm order
          </Button>
        ) : (
          <Links />
        )}
      </div>
    </Card>
  );
}
