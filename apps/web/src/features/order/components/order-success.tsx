import { Link } from 'react-router';
import { CheckCircle2, Package, Sparkles } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import { formatRupees } from '@shop/shared/money';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AwaitingConfirmation, paymentAdjustments } from './awaiting-confirmation';
import { DocumentLinks } from './document-links';
import { PAYMENT_METHOD_LABEL } from './order-card';

export function OrderSuccess({ id, order }: { id: string; order: Order | null }) {
  return (
    <section className="relative w-full overflow-hidden rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-sand/70 sm:px-12">
      <div aria-hidden="true" className="zari-border absolute inset-x-0 top-0" />
      <Sparkles
        aria-hidden="true"
        className="absolute top-8 left-8 size-5 text-gold motion-safe:animate-pulse"
      />
      <Sparkles
        aria-hidden="true"
        className="absolute right-10 bottom-10 size-4 text-gold motion-safe:animate-pulse [animation-delay:1s]"
      />
      <div className="mx-auto flex size-20 items-center justify-center rounded-full bg-green-50 ring-8 ring-green-50/60">
        <CheckCircle2 aria-hidden="true" className="size-12 text-green-700" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-widest text-teal uppercase">
        Thank you for shopping with us
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink sm:text-4xl">Order Successfully Placed</h1>
      <p className="mt-4 text-lg text-ink">
        Your order number is <span className="font-bold text-maroon">#{id}</span>
      </p>
      {order && (
        <p className="mt-2 text-ink-soft">
          {order.totalItems} {order.totalItems === 1 ? 'item' : 'items'} · {formatRupees(order.totalAmount)} ·{' '}
          {PAYMENT_METHOD_LABEL[order.paymentMethod] ?? order.paymentMethod}
        </p>
      )}
      {order &&
        paymentAdjustments(order).map((a) => (
          <p key={a.label} className="mt-1 text-sm text-ink-soft">
            {a.rupees > 0
              ? `Includes a ${formatRupees(a.rupees)} cash on delivery fee`
              : `You saved ${formatRupees(-a.rupees)} by paying online`}
          </p>
        ))}
      {order && <AwaitingConfirmation order={order} className="mx-auto mt-6 max-w-md" />}
      {order && <DocumentLinks order={order} className="mt-3 flex flex-wrap justify-center gap-x-4" />}
      <p className="mx-auto mt-6 flex max-w-md items-start justify-center gap-2 rounded-lg bg-ivory px-4 py-3 text-sm text-ink-soft">
        <Package aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon" />
        <span>
          You can check the status of your order in{' '}
          <span className="font-semibold text-ink">My Account &gt; My Orders</span>.
        </span>
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
          Go back home
        </Link>
        <Link to={paths.orders} className={buttonClasses('outline', 'lg')}>
          View My Orders
        </Link>
      </div>
    </section>
  );
}
