import {
  amountInWords,
  gstStateCodes,
  indianStateOf,
  placeOfSupply,
  rupeesToPaise,
  taxBreakup,
  type Order,
  type PlaceOfSupply,
  type ShopSettings,
} from '@shop/shared';

export type DocumentKind = 'invoice' | 'credit_note';

export interface DocumentLine {
  description: string;
  hsn: string;
  quantity: number;
  /** The list price of one piece, GST included. */
  unitPricePaise: number;
  /** What the discount took off the whole line. */
  discountPaise: number;
  /** What the line costs, GST included: taxable + tax. */
  amountPaise: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

interface DocumentTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * Everything a tax invoice or credit note prints (CGST Rules, rule 46; rule 53 for credit notes),
 * frozen when it is issued: later changes to the shop's settings or products never change it.
 */
export interface TaxDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  orderId: number;
  orderDate: string;
  /** A credit note's invoice. */
  against?: { number: string; issuedAt: string };
  seller: { legalName: string; address: string; state: string; stateCode: string | null; gstin: string };
  buyer: { name: string; street: string; city: string; state: string; pinCode: string; phone: string };
  placeOfSupply: PlaceOfSupply;
  /** CGST + SGST (delivered in the shop's own state) or IGST. */
  intraState: boolean;
  reverseCharge: false;
  lines: DocumentLine[];
  totals: DocumentTotals;
  amountInWords: string;
}

/** What a document is made of before it has a number. */
export type DocumentDraft = Omit<TaxDocument, 'number' | 'issuedAt'>;

/**
 * An order's invoice draft: the same tax breakup as the checkout showed (packages/shared tax.ts),
 * each line taxed by the HSN and rate its product had when sold, in paise, CGST + SGST when
 * delivered in the shop's state, IGST otherwise.
 */
export function invoiceDraft(order: Order, shop: ShopSettings): DocumentDraft {
  const a = order.selectedAddress;
  const place = placeOfSupply(a.state);
  const breakup = taxBreakup(
    order.items.map((i) => ({ ...i.product, unitPricePaise: rupeesToPaise(i.product.discountedPrice), quantity: i.quantity })),
    { sellerState: shop.state, deliveryState: a.state },
  );
  const intraState = breakup.intraState;
  const lines = order.items.map((item, n): DocumentLine => {
    const p = item.product;
    const tax = breakup.lines[n]!;
    const unitPricePaise = rupeesToPaise(p.price);
    return {
      description: `${p.title} (${p.brand}), size ${item.size}`,
      hsn: tax.hsn,
      quantity: item.quantity,
      unitPricePaise,
      discountPaise: unitPricePaise * item.quantity - tax.amountPaise,
      amountPaise: tax.amountPaise,
      taxablePaise: tax.taxablePaise,
      ratePercent: tax.ratePercent,
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
    };
  });
  const totals = sumLines(lines);
  return {
    kind: 'invoice',
    orderId: order.id,
    orderDate: order.createdAt,
    seller: {
      legalName: shop.legalName,
      address: shop.address,
      state: shop.state,
      stateCode: gstStateCodes(indianStateOf(shop.state) ?? shop.state)[0] ?? null,
      gstin: shop.gstin,
    },
    buyer: { name: a.name, street: a.street, city: a.city, state: a.state, pinCode: a.pinCode, phone: a.phone },
    placeOfSupply: place,
    intraState,
    reverseCharge: false,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
  };
}

/** A credit note reverses its invoice whole: the same lines, amounts and place of supply. */
/** A file name for the document: `INV-26-27-000001.pdf`. */
export function documentFileName(doc: TaxDocument): string {
  return `${doc.number.replace(/\//g, '-')}.pdf`;
}

export function creditNoteDraft(invoice: TaxDocument): DocumentDraft {
  const { number: _n, issuedAt: _i, ...rest } = invoice;
  return { ...rest, kind: 'credit_note', against: { number: invoice.number, issuedAt: invoice.issuedAt } };
}

function sumLines(lines: DocumentLine[]): DocumentTotals {
  const sum = (f: (l: DocumentLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    totalPaise: sum((l) => l.amountPaise),
  };
}
