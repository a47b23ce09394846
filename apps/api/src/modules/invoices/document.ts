import {
  lineTax,
  amountInWords,
  gstStateCodes,
  indianStateOf,
  placeOfSupply,
  rupeesToPaise,
  soldSizeText,
  splitPaise,
  taxBreakup,
  type Order,
  type PlaceOfSupply,
  type ShopSettings,
} from '@shop/shared';

export type DocumentKind = 'invoice' | 'credit_note';

export interface DocumentLine {
  description: string;
  hsn: string;
  /** The variant's SKU (decision 036); absent on documents before it and for products without one. */
  sku?: string | null;
  quantity: number;
  // Prices include GST: amount = taxable + tax.
  unitPricePaise: number;
  discountPaise: number;
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

/** What a tax invoice or credit note prints (CGST Rules 46 and 53), frozen when it is issued. */
export interface TaxDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  orderId: number;
  orderDate: string;
  against?: { number: string; issuedAt: string };
  seller: { legalName: string; address: string; state: string; stateCode: string | null; gstin: string };
  buyer: {
    name: string;
    street: string;
    city: string;
    state: string;
    pinCode: string;
    phone: string;
    /** A registered buyer (B2B); absent on a sale to a consumer and on documents issued before. */
    gstin?: string;
    businessName?: string;
  };
  /** GSTR-1's split: B2B when the buyer gave a GSTIN; absent (B2C) on documents issued before. */
  supply?: 'B2B' | 'B2C';
  placeOfSupply: PlaceOfSupply;
  intraState: boolean;
  reverseCharge: false;
  lines: DocumentLine[];
  totals: DocumentTotals;
  amountInWords: string;
}

export type DocumentDraft = Omit<TaxDocument, 'number' | 'issuedAt'>;

/**
 * The same tax breakup as the checkout showed, by the HSN and rate each product had when sold. A promotion's
 * share of a line is on the invoice as its discount, so the taxable value is after it (docs/product.md, Promotions).
 */
export function invoiceDraft(order: Order, shop: ShopSettings): DocumentDraft {
  const a = order.selectedAddress;
  const place = placeOfSupply(a.state);
  const breakup = taxBreakup(
    order.items.map((i) => ({ ...i.product, unitPricePaise: rupeesToPaise(i.product.discountedPrice), quantity: i.quantity, discountPaise: rupeesToPaise(i.discountRupees ?? 0) })),
    { sellerState: shop.state, deliveryState: a.state },
  );
  const intraState = breakup.intraState;
  // A prepaid discount lowers the goods' value, shared across the lines by their amounts (CGST Act s.15(3)(a)).
  const prepaid = splitPaise(rupeesToPaise(order.prepaidDiscount ?? 0), breakup.lines.map((l) => l.amountPaise));
  const goods = order.items.map((item, n): DocumentLine => {
    const p = item.product;
    const sold = breakup.lines[n]!;
    const tax = prepaid[n] ? taxAt(sold.amountPaise - prepaid[n], sold.ratePercent, intraState) : sold;
    const unitPricePaise = rupeesToPaise(p.price);
    return {
      description: `${p.title} (${p.brand}), size ${soldSizeText(item)}`,
      hsn: sold.hsn,
      sku: item.variant?.sku ?? null,
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
  const lines = [
    ...goods,
    ...chargeLine('Shipping charges', rupeesToPaise(order.shippingRupees ?? 0), goods, intraState),
    ...chargeLine('Cash on delivery fee', rupeesToPaise(order.codFee ?? 0), goods, intraState),
  ];
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
    buyer: {
      name: a.name,
      street: a.street,
      city: a.city,
      state: a.state,
      pinCode: a.pinCode,
      phone: a.phone,
      ...(a.gstin && { gstin: a.gstin, ...(a.businessName && { businessName: a.businessName }) }),
    },
    supply: a.gstin ? 'B2B' : 'B2C',
    placeOfSupply: place,
    intraState,
    reverseCharge: false,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
  };
}

function taxAt(amountPaise: number, ratePercent: number, intraState: boolean) {
  return lineTax({ unitPricePaise: amountPaise, quantity: 1, rule: { kind: 'flat', ratePercent }, intraState });
}

/**
 * docs/decisions/039 and 040: the shipping charge and the COD fee are charged with the goods, a
 * composite supply whose principal supply is the goods, so each takes the HSN and rate of the line of
 * the highest value (CGST Act s.8(a)).
 */
function chargeLine(description: string, feePaise: number, goods: DocumentLine[], intraState: boolean): DocumentLine[] {
  if (feePaise <= 0 || goods.length === 0) return [];
  const principal = goods.reduce((a, b) => (b.amountPaise > a.amountPaise ? b : a));
  const tax = taxAt(feePaise, principal.ratePercent, intraState);
  return [
    {
      description,
      hsn: principal.hsn,
      sku: null,
      quantity: 1,
      unitPricePaise: feePaise,
      discountPaise: 0,
      amountPaise: tax.amountPaise,
      taxablePaise: tax.taxablePaise,
      ratePercent: tax.ratePercent,
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
    },
  ];
}

export function documentFileName(doc: TaxDocument): string {
  return `${doc.number.replace(/\//g, '-')}.pdf`;
}

/** A credit note reverses its invoice whole. */
export function creditNoteDraft(invoice: TaxDocument): DocumentDraft {
  const { number: _n, issuedAt: _i, ...rest } = invoice;
  return { ...rest, kind: 'credit_note', against: { number: invoice.number, issuedAt: invoice.issuedAt } };
}

/** A returned quantity of the invoice's goods line `line`, after `before` of it were credited already. */
export interface ReturnedLine {
  line: number;
  quantity: number;
  before: number;
}

/**
 * The returned share of each line, worked out on the cumulative quantity so that returning a line in
 * parts credits, in the end, exactly what the invoice charged for it (no paisa lost to rounding).
 */
export function returnedLinesDraft(invoice: TaxDocument, returned: ReturnedLine[]): DocumentDraft {
  const lines = returned.map(({ line, quantity, before }): DocumentLine => {
    const sold = invoice.lines[line]!;
    const upTo = (n: number, paise: number) => Math.round((paise * n) / sold.quantity);
    const part = (paise: number) => upTo(before + quantity, paise) - upTo(before, paise);
    const taxable = part(sold.taxablePaise);
    const cgst = part(sold.cgstPaise);
    const sgst = part(sold.sgstPaise);
    const igst = part(sold.igstPaise);
    const amount = taxable + cgst + sgst + igst;
    return {
      ...sold,
      quantity,
      discountPaise: sold.unitPricePaise * quantity - amount,
      amountPaise: amount,
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
    };
  });
  const { number: _n, issuedAt: _i, ...rest } = invoice;
  const totals = sumLines(lines);
  return { ...rest, kind: 'credit_note', against: { number: invoice.number, issuedAt: invoice.issuedAt }, lines, totals, amountInWords: amountInWords(totals.totalPaise) };
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
