import type { CartItem } from '@shop/shared/cart';
import type { CartOffers } from '@shop/shared/promotions';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { taxBreakup } from '@shop/shared/tax';
import { lineDiscount } from '../../features/cart/offer-rows';

export interface TaxBreakupRowsProps {
  items: readonly CartItem[];
  /** The cart's promotions: each line's discount lowers its taxable value (docs/product.md, Promotions, GST). */
  offers?: CartOffers;
  sellerState: string | undefined;
  deliveryState: string | undefined;
}

const money = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * The GST inside the checkout total (E-Commerce Rules 2020: the price with its breakup; docs/product.md,
 * Money and GST): the items' taxable value, then CGST + SGST for a delivery in the shop's own state or
 * IGST for another. Until both states are known the tax is one GST row: its amount does not depend on them.
 */
export function TaxBreakupRows({ items, offers, sellerState, deliveryState }: TaxBreakupRowsProps) {
  const known = sellerState !== undefined && deliveryState !== undefined;
  const b = taxBreakup(
    items.map((i) => ({
      category: i.product.category,
      hsn: i.product.hsn,
      gstRatePercent: i.product.gstRatePercent,
      unitPricePaise: rupeesToPaise(i.product.discountedPrice),
      quantity: i.quantity,
      discountPaise: rupeesToPaise(lineDiscount(offers, i.id)),
    })),
    { sellerState: sellerState ?? '', deliveryState: deliveryState ?? '' },
  );
  const tax: [string, number][] = !known
    ? [['GST', b.taxPaise]]
    : b.intraState
      ? [
          ['CGST', b.cgstPaise],
          ['SGST', b.sgstPaise],
        ]
      : [['IGST', b.igstPaise]];
  // The items' amount is the Subtotal row above after its offers: taxable value + GST add up to it exactly.
  const rows: [string, number][] = [['Taxable value', b.taxablePaise], ...tax];
  return (
    <dl aria-label="Tax breakup" className="space-y-1 text-ink-soft">
      {rows.map(([name, paise]) => (
        <div key={name} className="flex justify-between gap-4">
          <dt>{name}</dt>
          <dd className="tabular-nums">{money(paise)}</dd>
        </div>
      ))}
    </dl>
  );
}
