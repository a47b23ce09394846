import { describe, expect, it } from 'vitest';
import { EMPTY_DETAILS, type ProductVariant } from '@shop/shared/variants';
import { aProduct } from '../../test/commerce-fixtures';
import {
  buyableSize,
  chosenVariant,
  colourOptions,
  offerFor,
  photosFor,
  sizeOptions,
} from './variant-choice';

const MAROON = '#7a1f2b';
const GREEN = '#1f6b3a';

function variant(
  id: number,
  color: string,
  size: string,
  stock: number,
  price: number | null = null,
): ProductVariant {
  return { id, sku: null, color, size, stock, price, discountedPrice: (price ?? 2000) * 0.9 };
}

/** A kurta in two colours × two sizes, stocks 1, 0, 3, 2 (the journey's product). */
const kurta = aProduct({
  price: 2000,
  discountPercentage: 10,
  discountedPrice: 1800,
  stock: 6,
  colors: [MAROON, GREEN],
  sizes: [38, 40],
  sizeLabels: ['M', 'L'],
  sizeUnit: 'in',
  variants: [
    variant(1, MAROON, 'M', 1),
    variant(2, MAROON, 'L', 0),
    variant(3, GREEN, 'M', 3, 2400),
    variant(4, GREEN, 'L', 2),
  ],
  colorImages: [{ color: GREEN, images: ['/uploads/green-1.webp', '/uploads/green-2.webp'] }],
  details: EMPTY_DETAILS,
});

const statuses = (color: string | null, p = kurta) =>
  sizeOptions(p, color).map((s) => `${s.text} ${s.status}`);

describe('picking a colour and a size', () => {
  it('marks a size sold out in the chosen colour only', () => {
    expect(statuses(MAROON)).toEqual(['M available', 'L soldOut']);
    expect(statuses(GREEN)).toEqual(['M available', 'L available']);
  });

  it('offers a size while no colour is chosen if any colour still has it', () => {
    expect(statuses(null)).toEqual(['M available', 'L available']);
    const lastL = {
      ...kurta,
      variants: kurta.variants.map((v) => (v.size === 'L' ? { ...v, stock: 0 } : v)),
    };
    expect(statuses(null, lastL)).toEqual(['M available', 'L soldOut']);
  });

  it('says a size the shop does not make in a colour is not made, rather than sold out', () => {
    const noGreenL = { ...kurta, variants: kurta.variants.filter((v) => v.id !== 4) };
    expect(statuses(GREEN, noGreenL)).toEqual(['M available', 'L notMade']);
  });

  it('drops a picked size once it is sold out in a newly chosen colour', () => {
    expect(buyableSize(kurta, { color: GREEN, size: 'L' })).toBe('L');
    expect(buyableSize(kurta, { color: MAROON, size: 'L' })).toBeNull();
    expect(chosenVariant(kurta, { color: GREEN, size: 'L' })?.id).toBe(4);
  });

  it('gives the cart the size’s number and shows sizes as the shop sells them', () => {
    expect(sizeOptions(kurta, null).map((s) => [s.text, s.number])).toEqual([
      ['M', 38],
      ['L', 40],
    ]);
    const saree = aProduct({ sizes: [5.5, 6.3], sizeLabels: ['5.5', '6.3'], sizeUnit: 'm' });
    expect(sizeOptions(saree, null).map((s) => s.text)).toEqual(['5.5 m', '6.3 m']);
    expect(sizeOptions(aProduct({ sizes: [42], sizeLabels: [] }), null).map((s) => s.text)).toEqual([
      '42 in',
    ]);
  });

  it('lists the variants’ colours in the product’s order, and never strikes a size of one shared stock', () => {
    expect(colourOptions(kurta)).toEqual([MAROON, GREEN]);
    const shared = aProduct({ stock: 0 });
    expect(colourOptions(shared)).toEqual(shared.colors);
    expect(statuses(shared.colors[0]!, shared).every((s) => s.endsWith('available'))).toBe(true);
  });

  it('follows the chosen variant’s stock and price, the colour’s stock, or the product’s', () => {
    expect(offerFor(kurta, { color: GREEN, size: 'M' })).toEqual({
      stock: 3,
      price: 2400,
      discountedPrice: 2160,
    });
    expect(offerFor(kurta, { color: MAROON, size: 'M' })).toEqual({
      stock: 1,
      price: 2000,
      discountedPrice: 1800,
    });
    expect(offerFor(kurta, { color: MAROON, size: null })).toEqual({
      stock: 1,
      price: 2000,
      discountedPrice: 1800,
    });
    expect(offerFor(kurta, { color: null, size: null }).stock).toBe(6);
  });
});

describe('the photos of a colour', () => {
  it('shows the chosen colour’s own photos', () => {
    expect(photosFor(kurta, GREEN)).toEqual(['/uploads/green-1.webp', '/uploads/green-2.webp']);
    expect(photosFor(kurta, GREEN.toUpperCase())).toEqual(['/uploads/green-1.webp', '/uploads/green-2.webp']);
  });

  it('falls back to the product’s pictures for a colour without photos, or no colour', () => {
    const product = ['/uploads/abc.webp', '/uploads/a1.webp', '/uploads/a2.webp', '/uploads/a3.webp'];
    expect(photosFor(kurta, MAROON)).toEqual(product);
    expect(photosFor(kurta, null)).toEqual(product);
  });
});
