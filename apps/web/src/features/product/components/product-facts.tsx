import type { Product } from '@shop/shared/product';
import { formatRupees } from '@shop/shared/money';
import { BLOUSE_PIECE_NAMES } from '@shop/shared/sizes';

const metres = (m: number) => `${m.toLocaleString('en-IN', { maximumFractionDigits: 2 })} m`;

/** The rows of the Details table that have a value, in the order a shopper reads a label. */
export function productFacts(
  p: Pick<Product, 'details' | 'countryOfOrigin' | 'packer'>,
  mrp: number,
): [string, string][] {
  const d = p.details;
  const blouse =
    d.blousePiece === null
      ? null
      : d.blousePiece !== 'none' && d.blousePieceMetres !== null
        ? `${BLOUSE_PIECE_NAMES[d.blousePiece]}, ${metres(d.blousePieceMetres)}`
        : BLOUSE_PIECE_NAMES[d.blousePiece];
  const rows: [string, string | null][] = [
    ['Fabric', d.fabric],
    ['Weave / work', d.work],
    ['Occasion', d.occasion],
    ['Pattern', d.pattern],
    ['Wash care', d.washCare],
    ['Saree length', d.lengthMetres === null ? null : metres(d.lengthMetres)],
    ['Blouse piece', blouse],
    ['Net quantity', d.netQuantity],
    // Legal Metrology (Packaged Commodities) Rules: the MRP, inclusive of all taxes, and who made or packed it.
    ['MRP', `${formatRupees(Math.round(mrp))} (inclusive of all taxes)`],
    // The product page's JSON names the shop itself when the product names no one.
    ['Manufacturer / packer', p.packer ?? d.manufacturer],
    // E-Commerce Rules 2020: a listing names the goods' country of origin.
    ['Country of origin', p.countryOfOrigin || null],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '');
}

export function ProductFacts({
  product,
  mrp,
}: {
  product: Pick<Product, 'details' | 'countryOfOrigin' | 'packer'>;
  mrp: number;
}) {
  const rows = productFacts(product, mrp);
  return (
    <section aria-labelledby="details-title" className="mt-8">
      <h2 id="details-title" className="text-xl font-semibold text-ink">
        Details
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-xl bg-white text-left text-sm ring-1 ring-sand/70">
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-t border-sand/60 first:border-t-0">
              <th scope="row" className="w-2/5 bg-ivory/70 px-4 py-2.5 align-top font-medium text-ink">
                {name}
              </th>
              <td className="px-4 py-2.5 whitespace-pre-line text-ink-soft">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
