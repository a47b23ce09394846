import { lineTax, taxClassOf, type LineTax, type TaxClass } from './gst.ts';
import { isIntraState } from './settings.ts';

interface ProductTaxData {
  category: string;
  hsn?: string | null;
  gstRatePercent?: number | null;
}

/** A product's own rate, where set, is flat: the by-price rule belongs to categories. */
export function productTaxClass(p: ProductTaxData): TaxClass {
  return taxClassOf(p.category, {
    ...(p.hsn ? { hsn: p.hsn } : {}),
    ...(p.gstRatePercent !== null && p.gstRatePercent !== undefined
      ? { rule: { kind: 'flat', ratePercent: p.gstRatePercent } }
      : {}),
  });
}

interface TaxableLine extends ProductTaxData {
  unitPricePaise: number;
  quantity: number;
  /** What promotions took off the line (docs/product.md, Promotions). */
  discountPaise?: number;
}

interface TaxBreakupLine extends LineTax {
  hsn: string;
  quantity: number;
  unitPricePaise: number;
}

/** Every total is the sum of its lines, so taxable value + tax equals the amount to the paisa. */
interface TaxBreakup {
  intraState: boolean;
  lines: TaxBreakupLine[];
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

/** The checkout summary and the invoice both use this, so the invoice says what checkout showed. */
export function taxBreakup(
  lines: readonly TaxableLine[],
  where: { sellerState: string; deliveryState: string },
): TaxBreakup {
  const intraState = isIntraState(where.sellerState, where.deliveryState);
  const taxed = lines.map((l): TaxBreakupLine => {
    const { hsn, rule } = productTaxClass(l);
    return {
      ...lineTax({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, rule, intraState, discountPaise: l.discountPaise }),
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
