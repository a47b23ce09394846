import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart, MapPin, MessageSquareText, Package } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { CustomerDetail } from '@shop/shared/reviews';
import { cx } from '../../../components/ui/cx';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useGetCustomerQuery } from '../customers-api';
import { indiaDate, PaymentBadge, ReviewStatusBadge, Stars, StatusBadge } from './customer-parts';

const card = 'min-w-0 rounded-xl border border-sand bg-white p-5 shadow-sm';
const count = (n: number) => n.toLocaleString('en-IN');

/** The admin order detail takes the order in its query (docs/product.md, Routes). */
const orderLink = (id: number) => `${paths.adminOrderDetail}?id=${id}`;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-ivory px-3 py-2">
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function Section({
  id,
  title,
  icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cx(card, className)}>
      <h2 id={id} className="flex items-center gap-2 font-semibold text-ink">
        <span aria-hidden="true" className="text-maroon">
          {icon}
        </span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function CustomerDetailView({ customer: c }: { customer: CustomerDetail }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-ink">{c.name}</h1>
        <p className="mt-1 text-ink-soft">
          <a href={`mailto:${c.email}`} className="text-teal hover:underline">
            {c.email}
          </a>
          {' · '}
          <a href={`tel:${c.phoneNumber.replace(/[^\d+]/g, '')}`} className="text-teal hover:underline">
            {c.phoneNumber}
          </a>
          {' · '}customer since {indiaDate(c.createdAt)}
        </p>
      </header>

      <section aria-label="Figures">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label="Orders">{count(c.ordersCount)}</Figure>
          <Figure label="Total spent">{formatRupees(c.totalSpentRupees)}</Figure>
          <Figure label="Last order">{c.lastOrderAt ? indiaDate(c.lastOrderAt) : '–'}</Figure>
          <Figure label="Paid cash on delivery">{c.codSharePercent}%</Figure>
          <Figure label="Returns">{count(c.returnsCount)}</Figure>
          <Figure label="Wishlist">{count(c.wishlistCount)}</Figure>
        </dl>
        <p className="mt-2 text-xs text-ink-soft">
          Total spent leaves out cancelled orders; the COD share is of the orders not cancelled.
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Section
          id="customer-orders"
          title="Orders"
          icon={<Package className="size-4" />}
          className="lg:col-span-2"
        >
          {c.orders.length === 0 ? (
            <p className="text-sm text-ink-soft">No orders yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table aria-label="Orders" className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs text-ink-soft">
                    <th scope="col" className="py-1.5 font-medium">
                      Order
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      Payment
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Items
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand/70">
                  {c.orders.map((o) => (
                    <tr key={o.id}>
                      <th scope="row" className="py-2 pr-3 text-left font-normal">
                        <Link to={orderLink(o.id)} className="font-semibold text-teal hover:underline">
                          #{o.id}
                        </Link>
                      </th>
                      <td className="py-2 pr-3 whitespace-nowrap">{indiaDate(o.createdAt)}</td>
                      <td className="py-2 pr-3">
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="py-2 pr-3">
                        <PaymentBadge method={o.paymentMethod} />
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{count(o.items)}</td>
                      <td className="py-2 text-right font-semibold whitespace-nowrap text-maroon tabular-nums">
                        {formatRupees(o.totalAmount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {c.ordersCount > c.orders.length && (
                <p className="mt-2 text-xs text-ink-soft">
                  The latest {count(c.orders.length)} of {count(c.ordersCount)} orders.
                </p>
              )}
            </div>
          )}
        </Section>

        <Section id="customer-addresses" title="Addresses" icon={<MapPin className="size-4" />}>
          {c.addresses.length === 0 ? (
            <p className="text-sm text-ink-soft">No saved addresses.</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {c.addresses.map((a, i) => (
                <li key={i} className="rounded-lg border border-sand/70 p-3">
                  <p className="font-semibold text-ink">{a.name}</p>
                  <p className="text-ink-soft">{a.street}</p>
                  <p className="text-ink-soft">
                    {a.city}, {a.state} {a.pinCode}
                  </p>
                  <p className="text-ink-soft">{a.phone}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Section
          id="customer-reviews"
          title="Reviews"
          icon={<MessageSquareText className="size-4" />}
          className="lg:col-span-2"
        >
          {c.reviews.length === 0 ? (
            <p className="text-sm text-ink-soft">No reviews written.</p>
          ) : (
            <ul className="divide-y divide-sand/70 text-sm">
              {c.reviews.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
                  <Stars rating={r.rating} />
                  <span className="min-w-0 flex-1">
                    <span className="font-semibold text-ink">{r.title}</span>
                    <span className="text-ink-soft">
                      {' · '}
                      <Link
                        to={paths.adminProductDetail(r.productId)}
                        className="hover:text-teal hover:underline"
                      >
                        {r.productTitle}
                      </Link>
                      {' · '}
                      {indiaDate(r.createdAt)}
                    </span>
                  </span>
                  <ReviewStatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section id="customer-wishlist" title="Wishlist" icon={<Heart className="size-4" />}>
          <p className="text-sm text-ink">
            {c.wishlistCount === 0
              ? 'Nothing saved to the wishlist.'
              : `${count(c.wishlistCount)} ${c.wishlistCount === 1 ? 'product' : 'products'} saved to the wishlist.`}
          </p>
        </Section>
      </div>
    </div>
  );
}

/** One customer by id, or what stopped it (404: not a customer). */
export function CustomerDetailScreen({ id }: { id: number }) {
  const { currentData, error } = useGetCustomerQuery(id, { skip: !(id > 0) });
  if (!(id > 0) || (error && !currentData))
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        {id > 0 ? errorText(error) : 'Customer not found'}
      </p>
    );
  if (!currentData) return <PageSpinner />;
  return <CustomerDetailView customer={currentData} />;
}
