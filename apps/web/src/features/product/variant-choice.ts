import type { Product } from '@shop/shared/product';
import { sizeText, type ProductVariant } from '@shop/shared/sizes';

// What the shopper picks on a product page (decision 036): a colour and a size, and with stock per
// variant, the colour × size that is sold.

export type ChoosableProduct = Pick<
  Product,
  | 'colors'
  | 'sizes'
  | 'sizeLabels'
  | 'sizeUnit'
  | 'variants'
  | 'stock'
  | 'price'
  | 'discountedPrice'
  | 'colorImages'
  | 'thumbnail'
  | 'images'
>;

/** Why a size cannot be bought in the chosen colour: none left, or the shop does not make it. */
export type SizeStatus = 'available' | 'soldOut' | 'notMade';

export interface SizeOption {
  /** As the shop writes it: "M", "Free Size", "42". */
  label: string;
  /** As the shopper reads it: "M", "42 in", "5.5 m". */
  text: string;
  /** The number the cart knows the size by. */
  number: number;
  status: SizeStatus;
}

/** The shopper's picks; either may still be unchosen. */
export interface Picks {
  color: string | null;
  size: string | null;
}

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The colours on offer: the variants' (in the product's colour order), or the product's own. */
export function colourOptions(p: ChoosableProduct): string[] {
  if (p.variants.length === 0) return p.colors;
  const made = [...new Set(p.variants.map((v) => v.color.toLowerCase()))];
  const rank = (c: string) => {
    const i = p.colors.findIndex((k) => sameColor(k, c));
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return made.sort((a, b) => rank(a) - rank(b));
}

/** The size labels in the shop's order, each with its number; a product from before labels has its numbers only. */
function sizeLabels(p: ChoosableProduct): [label: string, number: number][] {
  const known = p.sizeLabels.length === p.sizes.length;
  const labels = p.sizes.map((n, i): [string, number] => [known ? p.sizeLabels[i]! : String(n), n]);
  if (p.variants.length === 0) return labels;
  const made = new Set(p.variants.map((v) => v.size));
  const extra = [...made]
    .filter((s) => !labels.some(([l]) => l === s))
    .map((s): [string, number] => [s, Number(s)]);
  return [...labels.filter(([l]) => made.has(l)), ...extra];
}

function statusOf(p: ChoosableProduct, color: string | null, label: string): SizeStatus {
  // One shared stock: a size is never out on its own (the whole product is, and says so).
  if (p.variants.length === 0) return 'available';
  const ofSize = p.variants.filter((v) => v.size === label);
  if (color === null) return ofSize.some((v) => v.stock > 0) ? 'available' : 'soldOut';
  const variant = ofSize.find((v) => sameColor(v.color, color));
  if (!variant) return 'notMade';
  return variant.stock > 0 ? 'available' : 'soldOut';
}

/** The sizes on offer, each with whether it can be bought in `color` (any colour while none is chosen). */
export function sizeOptions(p: ChoosableProduct, color: string | null): SizeOption[] {
  return sizeLabels(p).map(([label, number]) => ({
    label,
    text: sizeText(label, p.sizeUnit),
    number,
    status: statusOf(p, color, label),
  }));
}

/** The colour × size chosen, once both are. */
export function chosenVariant(p: ChoosableProduct, { color, size }: Picks): ProductVariant | null {
  if (color === null || size === null) return null;
  return p.variants.find((v) => sameColor(v.color, color) && v.size === size) ?? null;
}

/** The size that can still go into the cart: a pick sold out in the newly chosen colour no longer counts. */
export function buyableSize(p: ChoosableProduct, picks: Picks): string | null {
  if (picks.size === null) return null;
  return statusOf(p, picks.color, picks.size) === 'available' ? picks.size : null;
}

export interface Offer {
  /** Pieces that can be sold: the chosen variant's, the chosen colour's, or the product's. */
  stock: number;
  /** The MRP and what the shopper pays, in whole rupees. */
  price: number;
  discountedPrice: number;
}

/** The stock and price shown for the picks: they follow the chosen variant. */
export function offerFor(p: ChoosableProduct, picks: Picks): Offer {
  const variant = chosenVariant(p, picks);
  if (variant)
    return {
      stock: variant.stock,
      price: variant.price ?? p.price,
      discountedPrice: variant.discountedPrice,
    };
  const stock =
    p.variants.length > 0 && picks.color !== null
      ? p.variants.filter((v) => sameColor(v.color, picks.color!)).reduce((n, v) => n + v.stock, 0)
      : p.stock;
  return { stock, price: p.price, discountedPrice: p.discountedPrice };
}

/** The gallery: the thumbnail plus the first three images, without repeats. */
export const galleryImages = (p: Pick<Product, 'thumbnail' | 'images'>) => [
  ...new Set([p.thumbnail, ...p.images.slice(0, 3)].filter(Boolean)),
];

/** The chosen colour's own photos, or the product's when it has none. */
export function photosFor(p: ChoosableProduct, color: string | null): string[] {
  const own = color === null ? undefined : p.colorImages.find((c) => sameColor(c.color, color));
  return own && own.images.length > 0 ? own.images : galleryImages(p);
}
