import { formatRupees, rupeesToPaise } from '@shop/shared/money';
// shipping.ts, not shipping-schemas.ts: no zod on the checkout.
import type { ShippingQuote, ShippingRules } from '@shop/shared/shipping';
import { gramsText } from '../../lib/weight';

export interface ShippingRowsInput {
  /** A delivery PIN is known (an address is chosen): the quote is asked for it. */
  pinKnown: boolean;
  quote: ShippingQuote | undefined;
  /** The quote failed (a PIN that does not exist, no network): the order's own checkout decides. */
  failed: boolean;
  /** The shop's rules (GET /settings), to say "Free" before any address when nothing can be charged. */
  rules: ShippingRules | undefined;
  /** The goods, in rupees. */
  subtotal: number;
}

export interface ShippingRows {
  /** The summary's Shipping row. */
  text: string;
  /** The charge, a row that counts in the total as the cash fee does (the order's total takes it). */
  adjustments: { label: string; rupees: number }[];
}

export const SHIPPING_CHARGE = 'Shipping charge';

/** Whether these rules can charge anything at all: as the server's chargesShipping. */
const chargesNothing = (rules: ShippingRules | undefined): boolean =>
  rules !== undefined && Object.values(rules.rates).every((r) => r.firstSlabRupees === 0 && r.extraSlabRupees === 0);

/** Free for goods worth `subtotal` whatever the address. */
function freeWhatever(rules: ShippingRules | undefined, subtotal: number): boolean {
  if (!rules) return false;
  return chargesNothing(rules) || (rules.freeAboveRupees !== null && rupeesToPaise(subtotal) >= rules.freeAboveRupees * 100);
}

/** A shop without rates ships everything free: the summary says so as it always did. */
export const INCLUDED = 'Included';

/**
 * docs/product.md, Shipping charges: the checkout summary's shipping, from the server's quote for the
 * chosen address. A charge is its own row, counted in the total; the Shipping row then says when it would
 * be free (or what the parcel is charged at).
 */
export function shippingRows({ pinKnown, quote, failed, rules, subtotal }: ShippingRowsInput): ShippingRows {
  const none: ShippingRows['adjustments'] = [];
  if (chargesNothing(rules)) return { text: INCLUDED, adjustments: none };
  if (!pinKnown) return { text: freeWhatever(rules, subtotal) ? 'Free' : 'With your address', adjustments: none };
  if (quote === undefined) return { text: failed ? '—' : 'Calculating…', adjustments: none };
  if (quote.shippingRupees === 0) return { text: 'Free', adjustments: none };
  return {
    text:
      quote.freeAboveRupees !== null
        ? `Free above ${formatRupees(quote.freeAboveRupees)}`
        : `${gramsText(quote.chargedGrams)} parcel`,
    adjustments: [{ label: SHIPPING_CHARGE, rupees: quote.shippingRupees }],
  };
}
