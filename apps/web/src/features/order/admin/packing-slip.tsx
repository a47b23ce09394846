import { CONTACT_ADDRESS, CONTACT_PHONE, SHOP_NAME } from '@shop/shared/constants';
import type { Order } from '@shop/shared/order';
import { colourName } from '../../../lib/colour-name';
import './packing-slip.css';

const placed = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One order's packing slip (issue 16), laid out for an A4 or letter page: the shop's name and
 * address, the delivery address large enough to read across a packing table, and each line's
 * colour, size and quantity. No prices: the slip travels in the parcel.
 */
export function PackingSlip({ order }: { order: Order }) {
  const a = order.selectedAddress;
  return (
    <article
      aria-label={`Packing slip for order #${order.id}`}
      className="packing-slip mx-auto max-w-3xl rounded-xl border border-sand bg-white p-8 text-ink shadow-sm print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex items-start justify-between gap-6 border-b-2 border-ink pb-4">
        <div>
          <p className="font-serif text-2xl font-bold">{SHOP_NAME}</p>
          <p className="mt-1 text-sm">{CONTACT_ADDRESS}</p>
          <p className="text-sm">{CONTACT_PHONE}</p>
        </div>
        <div className="text-right">
          <p className="text-xs font-semibold tracking-widest uppercase">Packing slip</p>
          <p className="mt-1 font-serif text-2xl font-bold">Order #{order.id}</p>
          <p className="text-sm">Placed {placed(order.createdAt)}</p>
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
              <td className="py-2.5 pr-4 whitespace-nowrap">{i.size} in</td>
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
        Thank you for shopping with {SHOP_NAME}. Questions about this parcel? Call {CONTACT_PHONE}.
      </p>
    </article>
  );
}
