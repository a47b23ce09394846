import { lineTax, taxClassOf, type LineTax, type TaxClass } from './gst.ts';
import { isIntraState } from './settings.ts';

/** What a product says about its tax: its category, and its own HSN and rate where the admin gave them. */
export interface ProductTaxData {
  category: string;
  hsn?: string | null;
  gstRatePercent?: number | null;
}

/** A product's HSN and GST rule: its own where set (a flat rate), else its category's (gst.ts). */
export function productTaxClass(p: ProductTaxData): TaxClass {
  return taxClassOf(p.category, {
    ...(p.hsn ? { hsn: p.hsn } : {}),
    ...(p.gstRatePercent !== null && p.gstRatePercent !== undefined
      ? { rule: { kind: 'flat', ratePercent: p.gstRatePercent } }
      : {}),
  });
}

/** One line to tax: a product's tax data, the GST-inclusive price of one unit in paise, and how many. */
export interface TaxableLine extends ProductTaxData {
  unitPricePaise: number;
  quantity: number;
}

export interface TaxBreakupLine extends LineTax {
  hsn: string;
  quantity: number;
  unitPricePaise: number;
}

/** A sale's GST, line by line and in total; every total is the sum of its lines, in paise. */
export interface TaxBreakup {
  /** Delivered in the seller's state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  lines: TaxBreakupLine[];
  /** The items' GST-inclusive amount: what the shopper pays for them. */
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst; amount = taxable + tax exactly. */
  taxPaise: number;
}

/**
 * The GST in a sale of GST-inclusive lines (DESIGN §8): each line taxed on its own by lineTax at its
 * product's rate (a garment's by its unit price), CGST + SGST when the delivery state is the seller's,
 * else IGST. The checkout summary shows it; the invoice prints the same lines and totals.
 */
export function taxBreakup(
  lines: readonly TaxableLine[],
  where: { sellerState: string; deliveryState: string },
): TaxBreakup {
  const intraState = isIntraState(where.sellerState, where.deliveryState);
  const taxed = lines.map((l): TaxBreakupLine => {
    const { hsn, rule } = productTaxClass(l);
    return {
      ...lineTax({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, rule, intraState }),
      hsn,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
    };
  });
  const sum = (k: 'amountPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') =>
    taxed.reduce((s, l) => s + l[k], 0);
  const [cgstPaise, sgstPaise, igstPaise] = [sum('cgstPaise'), sum('sgstPaise'), sum('igstPaise')];
  return {
    intraState,
    lines: taxed,
    amountPaise: sum('amountPaise'),
    taxablePaise: sum('taxablePaise'),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
  };
}
