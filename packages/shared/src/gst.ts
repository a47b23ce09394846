import { z } from 'zod';
import { indiaDate } from './india-time.ts';
import { INDIAN_STATES } from './indian-states.ts';

// Prices include GST; the tax is taken out of each line (docs/product.md, Money and GST).

export type GstRule =
  | { kind: 'flat'; ratePercent: number }
  | { kind: 'by-unit-price'; upToPaise: number; atOrBelowPercent: number; abovePercent: number };

export interface TaxClass {
  /** HSN code: 4 digits suffice below ₹5 crore turnover (CGST notification 78/2020). */
  hsn: string;
  rule: GstRule;
}

/** Silk, cotton and synthetic sarees and fabric: 5 % whatever the price (rates of 22 September 2025). */
export const FABRIC_RATE: GstRule = { kind: 'flat', ratePercent: 5 };
export const GARMENT_RATE: GstRule = {
  kind: 'by-unit-price',
  upToPaise: 250_000,
  atOrBelowPercent: 5,
  abovePercent: 18,
};

export const CATEGORY_TAX: Readonly<Record<string, TaxClass>> = {
  'Silk Sarees': { hsn: '5007', rule: FABRIC_RATE },
  'Banarasi Sarees': { hsn: '5007', rule: FABRIC_RATE },
  'Cotton Sarees': { hsn: '5208', rule: FABRIC_RATE },
  'Synthetic Sarees': { hsn: '5407', rule: FABRIC_RATE },
  Lehengas: { hsn: '6204', rule: GARMENT_RATE },
  Kurtis: { hsn: '6206', rule: GARMENT_RATE },
  Dupattas: { hsn: '6214', rule: GARMENT_RATE },
};
/** A category the table does not know is taxed as a garment: never under-charged. */
const DEFAULT_TAX: TaxClass = { hsn: '6211', rule: GARMENT_RATE };

export function taxClassOf(category: string, own?: Partial<TaxClass>): TaxClass {
  const base = CATEGORY_TAX[category] ?? DEFAULT_TAX;
  return { hsn: own?.hsn ?? base.hsn, rule: own?.rule ?? base.rule };
}

export function gstRatePercent(rule: GstRule, unitPricePaise: number): number {
  if (rule.kind === 'flat') return rule.ratePercent;
  return unitPricePaise <= rule.upToPaise ? rule.atOrBelowPercent : rule.abovePercent;
}

export interface LineTax {
  ratePercent: number;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

// CGST and SGST are half the tax each, the odd paisa to SGST, so the halves add up to the tax.
export function lineTax(line: {
  unitPricePaise: number;
  quantity: number;
  rule: GstRule;
  intraState: boolean;
  /** A promotion's share of this line (CGST Act s.15(3)(a)): the rate is decided on a piece's price after it. */
  discountPaise?: number;
}): LineTax {
  const amountPaise = line.unitPricePaise * line.quantity - (line.discountPaise ?? 0);
  const ratePercent = gstRatePercent(line.rule, line.discountPaise ? amountPaise / line.quantity : line.unitPricePaise);
  const taxablePaise = Math.round((amountPaise * 100) / (100 + ratePercent));
  const tax = amountPaise - taxablePaise;
  const cgstPaise = line.intraState ? Math.floor(tax / 2) : 0;
  const sgstPaise = line.intraState ? tax - cgstPaise : 0;
  return {
    ratePercent,
    amountPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise: line.intraState ? 0 : tax,
  };
}

/** The Indian financial year (1 April to 31 March) of a moment, as `2026-27`. */
export function financialYear(at: Date): string {
  const [year, month] = indiaDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

function inWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const parts = [
    crore ? `${inWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(n % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${inWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
const GSTIN_RE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function isValidGstin(gstin: string): boolean {
  const m = GSTIN_RE.exec(gstin);
  if (!m) return false;
  const state = Number(m[1]);
  // 01–38: the states and union territories; 97: other territory; 99: centre jurisdiction.
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(gstin[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] === gstin[14];
}

/** A GSTIN as typed: trimmed and upper-cased, '' or of the right shape; each form checks its state and check character. */
export const gstinSchema = z
  .string({ error: 'Invalid GSTIN' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .length(15, 'A GSTIN has 15 characters')
        .regex(GSTIN_RE, 'A GSTIN is a 2-digit state code, a 10-character PAN, an entity number, Z and a check character'),
    ]),
  );

/** The state or union territory a GSTIN is registered in, by its first two digits. */
export function gstinStateName(gstin: string): string | undefined {
  const code = gstin.slice(0, 2);
  return INDIAN_STATES.find((s) => (s.codes as readonly string[]).includes(code))?.name;
}
