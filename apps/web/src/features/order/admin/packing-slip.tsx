import { FileText } from 'lucide-react';
import { brandPictureAspect } from '@shop/shared/brand';
import { CONTACT_ADDRESS, CONTACT_PHONE } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';
import type { Order } from '@shop/shared/order';
import { soldSizeText } from '@shop/shared/sizes';
import type { PublicShopSettings } from '@shop/shared/settings';
import { useBrand } from '../../../lib/brand';
import { colourName } from '../../../lib/colour-name';
import { invoiceUrl } from '../components/document-links';
import './packing-slip.css';

const placed = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** What the courier collects at the door: a cash order's total until it is in, nothing for a prepaid one. */
function Collect({ order }: { order: Order }) {
  const cash = order.paymentMethod === 'cash' && !order.cashCollected;
  return (
    <p
      className={
        cash
          ? 'mt-6 rounded-lg border-4 border-ink px-4 py-3 text-2xl font-bold sm:text-3xl'
          : 'mt-6 rounded-lg border-2 border-dashed border-ink px-4 py-3 text-xl font-semibold'
      }
    >
      {cash
        ? `Cash to collect: ${formatRupees(order.totalAmount)}`
        : order.paymentMethod === 'cash'
          ? 'Paid — collect nothing'
          : 'Prepaid — collect nothing'}
    </p>
  );
}

/**
 * One order's packing slip for an A4 or letter page, the delivery address large enough to read
 * across a packing table. No prices but the cash to collect: the slip travels in the parcel.
 */
export function PackingSlip({ order, shop }: { order: Order; shop?: PublicShopSettings }) {
  const a = order.selectedAddress;
  const phone = shop?.supportPhone ?? CONTACT_PHONE;
  const { shopName, logo } = useBrand();
  const legalNameToo = shop && shop.legalName !== shopName;
  return (
    <article
      aria-label={`Packing slip for order #${order.id}`}
      className="packing-slip mx-auto max-w-3xl rounded-xl border border-sand bg-white p-8 text-ink shadow-sm print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex items-start justify-between gap-6 border-b-2 border-ink pb-4">
        <div>
          {logo && (
            <img
              src={logo}
              alt=""
              width={Math.round(48 * brandPictureAspect(logo))}
              height={48}
              className="mb-2 h-12 w-auto max-w-60 object-contain"
            />
          )}
          <p className="font-serif text-2xl font-bold">{shopName}</p>
          {legalNameToo && <p className="mt-1 text-sm font-medium">{shop.legalName}</p>}
          <p className={legalNameToo ? 'text-sm' : 'mt-1 text-sm'}>
            {shop ? `${shop.address}, ${shop.state}` : CONTACT_ADDRESS}
          </p>
          <p className="text-sm">{phone}</p>
        </div>
        <div className="text-right">
          <p className="text-xs font-semibold tracking-widest uppercase">Packing slip</p>
          <p className="mt-1 font-serif text-2xl font-bold">Order #{order.id}</p>
          <p className="text-sm">Placed {placed(order.createdAt)}</p>
          {order.invoiceNumber && <p className="text-sm">Invoice {order.invoiceNumber}</p>}
          {order.shipment && (
            <p className="text-sm">
              {order.shipment.courierName} · AWB {order.shipment.awb}
            </p>
          )}
        </div>
      </header>
      <section aria-label="Deliver to" className="mt-6">
        <p className="text-xs font-semibold tracking-widest uppercase">Deliver to</p>
        <address className="mt-2 text-2xl leading-snug not-italic sm:text-3xl">
          <span className="block font-bold">{a.name}</span>
          <span className="block">{a.street}</span>
          <span className="block">
            {a.city}, {a.state} {a.pinCode}
          </span>
          <span className="mt-1 block text-xl">Phone {a.phone}</span>
        </address>
      </section>
      <Collect order={order} />
      <table className="mt-8 w-full border-collapse text-left text-base">
        <caption className="sr-only">What is in the parcel</caption>
        <thead>
          <tr className="border-b-2 border-ink text-xs tracking-widest uppercase">
            <th scope="col" className="py-2 pr-4">
              Item
            </th>
            <th scope="col" className="py-2 pr-4">
              Colour
            </th>
            <th scope="col" className="py-2 pr-4">
              Size
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.id} className="border-b border-sand align-top">
              <td className="py-2.5 pr-4">
                <span className="font-medium">{i.product.title}</span>
                <span className="block text-sm text-ink-soft">{i.product.brand}</span>
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap">
                <span
                  aria-hidden="true"
                  className="mr-1.5 inline-block size-3 rounded-full border border-ink/30 align-middle print:hidden"
                  style={{ backgroundColor: i.color }}
                />
                {colourName(i.color)}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap">{soldSizeText(i)}</td>
              <td className="py-2.5 text-right text-lg font-bold tabular-nums">{i.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 text-right text-sm font-semibold">
              Items in this parcel
            </th>
            <td className="pt-3 text-right text-lg font-bold tabular-nums">{order.totalItems}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-8 text-sm text-ink-soft">
        Thank you for shopping with {shopName}. Questions about this parcel? Call {phone}.
      </p>
      {order.invoiceNumber && (
        <p className="mt-4 print:hidden">
          <a
            href={invoiceUrl(order.id)}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg text-sm font-medium text-teal underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal"
          >
            <FileText aria-hidden="true" className="size-4.5" />
            Open tax invoice {order.invoiceNumber} to print with this slip
          </a>
        </p>
      )}
    </article>
  );
}
