import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Download, Search, SearchX, Users } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { CustomerSummary } from '@shop/shared/reviews';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import { customersCsvUrl } from '../customers-api';
import { indiaDate } from './customer-parts';
import { useCustomers } from './use-customers';

/** Tailwind's lg: from this width the table fits; below it each customer is a card. */
const WIDE = '(min-width: 64rem)';

const th =
  'sticky top-14 z-10 border-b border-sand bg-ivory px-2.5 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase';
const td = 'border-b border-sand/70 px-2.5 py-3.5 align-top';

const COLUMNS: [string, string][] = [
  ['Name', 'text-left'],
  ['Email', 'text-left'],
  ['Phone', 'text-left'],
  ['Orders', 'text-right'],
  ['Total spent', 'text-right'],
  ['Last order', 'text-left'],
  ['COD', 'text-right'],
  ['Returns', 'text-right'],
];

const count = (n: number) => n.toLocaleString('en-IN');
const lastOrder = (c: CustomerSummary) => (c.lastOrderAt ? indiaDate(c.lastOrderAt) : 'No orders yet');

function CustomerRow({ c }: { c: CustomerSummary }) {
  return (
    <tr className="hover:bg-ivory/60">
      <td className={td}>
        <Link
          to={paths.adminCustomer(c.id)}
          className="font-semibold text-ink hover:text-maroon hover:underline"
        >
          {c.name}
        </Link>
        <p className="mt-0.5 text-xs text-ink-soft">Since {indiaDate(c.createdAt)}</p>
      </td>
      <td className={cx(td, 'break-all')}>{c.email}</td>
      <td className={cx(td, 'whitespace-nowrap')}>{c.phoneNumber}</td>
      <td className={cx(td, 'text-right tabular-nums')}>{count(c.ordersCount)}</td>
      <td className={cx(td, 'text-right font-semibold whitespace-nowrap text-maroon tabular-nums')}>
        {formatRupees(c.totalSpentRupees)}
      </td>
      <td className={cx(td, 'whitespace-nowrap')}>{lastOrder(c)}</td>
      <td className={cx(td, 'text-right tabular-nums')}>{c.codSharePercent}%</td>
      <td className={cx(td, 'text-right tabular-nums')}>{count(c.returnsCount)}</td>
    </tr>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="mt-0.5 text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function CustomerCard({ c }: { c: CustomerSummary }) {
  return (
    <li>
      <article aria-label={c.name} className="h-full rounded-xl border border-sand bg-white p-4 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={paths.adminCustomer(c.id)}
              className="font-semibold text-ink hover:text-maroon hover:underline"
            >
              {c.name}
            </Link>
            <p className="mt-0.5 text-sm break-all text-ink-soft">{c.email}</p>
            <p className="text-sm text-ink-soft">{c.phoneNumber}</p>
          </div>
          <p className="font-semibold whitespace-nowrap text-maroon">
            <span className="sr-only">Total spent </span>
            {formatRupees(c.totalSpentRupees)}
          </p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-sand/70 pt-4 text-sm">
          <Field label="Orders">{count(c.ordersCount)}</Field>
          <Field label="Last order">{lastOrder(c)}</Field>
          <Field label="COD">{c.codSharePercent}%</Field>
          <Field label="Returns">{count(c.returnsCount)}</Field>
        </dl>
      </article>
    </li>
  );
}

export interface CustomersScreenProps {
  /** The CSV is the owner's (docs/security.md, Access): staff do not get the button. */
  canExport: boolean;
}

/** Admin → Customers: every shopper with their orders' figures, searchable, 20 a page. */
export function CustomersScreen({ canExport }: CustomersScreenProps) {
  const list = useCustomers();
  const wide = useMediaQuery(WIDE, true);
  const data = list.data;
  return (
    <div ref={list.top} className="scroll-mt-24">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <label htmlFor="customer-search" className="mb-1.5 block text-sm font-medium text-ink">
            Search customers
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
            />
            <input
              id="customer-search"
              type="search"
              value={list.typed}
              maxLength={100}
              onChange={(e) => list.setTyped(e.target.value)}
              placeholder="Name, email or phone"
              className={inputClasses(false, 'pl-9')}
            />
          </div>
        </div>
        {canExport && (
          <a href={customersCsvUrl(list.search)} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        )}
      </div>
      <p role="status" className="mb-3 min-h-5 text-sm text-ink-soft">
        {data
          ? list.search
            ? `${count(data.total)} ${data.total === 1 ? 'customer matches' : 'customers match'}`
            : `${count(data.total)} ${data.total === 1 ? 'customer' : 'customers'}, newest first`
          : ''}
      </p>
      <div aria-busy={list.loading} className={cx(list.loading && data && 'opacity-60 transition-opacity')}>
        {list.error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
            {list.error}
          </p>
        ) : !data ? (
          <PageSpinner />
        ) : data.customers.length === 0 ? (
          list.search ? (
            <EmptyState
              icon={<SearchX className="size-8" />}
              title="No customers match"
              message="Try another name, email or phone number."
            />
          ) : (
            <EmptyState
              icon={<Users className="size-8" />}
              title="No customers yet"
              message="Shoppers appear here as soon as they sign up."
            />
          )
        ) : wide ? (
          <div className="rounded-xl border border-sand bg-white shadow-sm">
            <table aria-label="Customers" className="w-full border-separate border-spacing-0 text-sm">
              <thead>
                <tr>
                  {COLUMNS.map(([name, align], n) => (
                    <th
                      key={name}
                      scope="col"
                      className={cx(
                        th,
                        align,
                        n === 0 && 'rounded-tl-xl',
                        n === COLUMNS.length - 1 && 'rounded-tr-xl',
                      )}
                    >
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.customers.map((c) => (
                  <CustomerRow key={c.id} c={c} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul aria-label="Customers" className="grid gap-4 sm:grid-cols-2">
            {data.customers.map((c) => (
              <CustomerCard key={c.id} c={c} />
            ))}
          </ul>
        )}
        {data && (
          <Pagination
            page={list.page}
            pageSize={list.pageSize}
            totalItems={data.total}
            onPageChange={list.goToPage}
            className="mt-8"
          />
        )}
      </div>
    </div>
  );
}
