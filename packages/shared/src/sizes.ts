// Sizes as clothing is sold (decision 036), without zod: the shop's pages read these on a first visit.

/** Letter sizes in the order a shop lists them, then the one size that fits all. */
export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
export const FREE_SIZE = 'Free Size';

/**
 * The number a letter size stands for in the original `sizes` list and cart body: the bust in inches of
 * the usual Indian women's chart. Free Size is 1 (one size); it is never sold beside another size.
 */
export const LETTER_SIZE_NUMBERS: Record<string, number> = {
  XS: 34,
  S: 36,
  M: 38,
  L: 40,
  XL: 42,
  XXL: 44,
  '3XL': 46,
  [FREE_SIZE]: 1,
};

export const SIZE_UNITS = ['in', 'cm', 'm'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
export const SIZE_UNIT_NAMES: Record<SizeUnit, string> = { in: 'inches', cm: 'cm', m: 'metres' };

const NUMERIC_SIZE_RE = /^(0|[1-9][0-9]{0,3})(\.[0-9]{1,2})?$/;
export const SIZE_MESSAGE = `Size is a number or one of ${LETTER_SIZES.join(', ')}, ${FREE_SIZE}`;

/** "m", "M " and "free size" are read as the shop writes them. */
export function canonicalSize(raw: string): string | null {
  const s = raw.trim();
  if (NUMERIC_SIZE_RE.test(s) && Number(s) > 0) return String(Number(s));
  if (s.toLowerCase() === FREE_SIZE.toLowerCase()) return FREE_SIZE;
  const letter = LETTER_SIZES.find((l) => l === s.toUpperCase());
  return letter ?? null;
}

/** The number the original client knows a size by. */
export function sizeNumber(label: string): number {
  return LETTER_SIZE_NUMBERS[label] ?? Number(label);
}

export const isLetterSize = (label: string) => label in LETTER_SIZE_NUMBERS;

/** "M", "Free Size", "42 in", "5.5 m". */
export function sizeText(label: string, unit: SizeUnit): string {
  return isLetterSize(label) ? label : `${label} ${unit}`;
}

/** Letter sizes in chart order, then numbers ascending. */
export function compareSizes(a: string, b: string): number {
  const rank = (s: string) => (isLetterSize(s) ? [0, sizeNumber(s)] : [1, Number(s)]);
  const [ka, va] = rank(a);
  const [kb, vb] = rank(b);
  return ka! - kb! || va! - vb!;
}

export const BLOUSE_PIECES = ['none', 'running', 'separate'] as const;
export type BlousePiece = (typeof BLOUSE_PIECES)[number];
export const BLOUSE_PIECE_NAMES: Record<BlousePiece, string> = {
  none: 'No blouse piece',
  running: 'Running blouse piece',
  separate: 'Separate blouse piece',
};

const CM_PER_INCH = 2.54;
/** Both units for the dialog, to one decimal. */
export function inBothUnits(value: number, unit: 'cm' | 'in'): { cm: number; in: number } {
  const cm = unit === 'cm' ? value : value * CM_PER_INCH;
  const inches = unit === 'in' ? value : value / CM_PER_INCH;
  return { cm: Math.round(cm * 10) / 10, in: Math.round(inches * 10) / 10 };
}

export interface ProductVariant {
  id: number;
  sku: string | null;
  color: string;
  size: string;
  stock: number;
  /** Whole rupees; null is the product's price. */
  price: number | null;
  /** What the shopper pays for it: its price (or the product's) less the product's discount. */
  discountedPrice: number;
  /** Grams; null: the product's weight. */
  weightGrams?: number | null;
}

/** What a cart line or an order item was sold as; null for a product with one shared stock. */
export interface VariantRef {
  id: number;
  sku: string | null;
  color: string;
  size: string;
}

/** The variant of a colour and size the client sent: a size number, or a label. */
export function findVariant<V extends { color: string; size: string }>(
  variants: readonly V[],
  color: string,
  size: number | string,
): V | undefined {
  const c = color.toLowerCase();
  const label = typeof size === 'string' ? canonicalSize(size) : null;
  return variants.find(
    (v) => v.color.toLowerCase() === c && (label !== null ? v.size === label : sizeNumber(v.size) === size),
  );
}

/** "M", "5.5 m", "42 in": a cart line's or order item's size as it was sold (older items knew inches only). */
export function soldSizeText(item: { size: number; variant?: { size: string } | null; product: { sizeUnit?: SizeUnit } }): string {
  return sizeText(item.variant?.size ?? String(item.size), item.product.sizeUnit ?? 'in');
}
