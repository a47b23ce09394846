import type { z } from 'zod';
import { HIGHLIGHT_COUNT } from '@shop/shared/constants';
import { MESSAGES } from '@shop/shared/messages';
import type { Product, ProductBody, ProductForm, productFormSchema } from '@shop/shared/product';

/** What the inputs hold: numbers arrive as text and the schema converts them. */
export type ProductFormInput = z.input<typeof productFormSchema>;

export const IMAGE_FIELDS = [
  { name: 'thumbnail', label: 'Thumbnail' },
  { name: 'image1', label: 'Image 1' },
  { name: 'image2', label: 'Image 2' },
  { name: 'image3', label: 'Image 3' },
] as const;
export type ImageFieldName = (typeof IMAGE_FIELDS)[number]['name'];

const blankHighlights = () => Array.from({ length: HIGHLIGHT_COUNT }, () => '');

export function toFormValues(p?: Product): ProductFormInput {
  if (!p) {
    return {
      title: '',
      description: '',
      brand: '',
      category: '',
      price: '',
      discountPercentage: '',
      stock: '',
      highlights: blankHighlights(),
      thumbnail: '',
      image1: '',
      image2: '',
      image3: '',
      // The category's HSN and rate unless the admin chooses; most of the catalogue is Indian.
      hsn: '',
      gstRatePercent: '',
      countryOfOrigin: 'India',
    };
  }
  const highlights = blankHighlights().map((blank, i) => p.highlights[i] ?? blank);
  return {
    title: p.title,
    description: p.description,
    brand: p.brand,
    category: p.category,
    price: String(p.price),
    discountPercentage: String(p.discountPercentage),
    stock: String(p.stock),
    highlights,
    thumbnail: p.thumbnail,
    image1: p.images[0] ?? '',
    image2: p.images[1] ?? '',
    image3: p.images[2] ?? '',
    hsn: p.hsn ?? '',
    gstRatePercent: p.gstRatePercent === null ? '' : String(p.gstRatePercent),
    countryOfOrigin: p.countryOfOrigin,
  };
}

/** The body of POST/PATCH /products: the three images, then the thumbnail (docs/product.md, Entities). */
export function toProductBody(
  v: ProductForm,
  colors: readonly string[],
  sizes: readonly number[],
): ProductBody {
  return {
    title: v.title,
    description: v.description,
    brand: v.brand,
    category: v.category,
    price: v.price,
    discountPercentage: v.discountPercentage,
    stock: v.stock,
    highlights: v.highlights,
    thumbnail: v.thumbnail,
    images: [v.image1, v.image2, v.image3, v.thumbnail],
    colors: [...colors],
    sizes: [...sizes],
    hsn: v.hsn,
    gstRatePercent: v.gstRatePercent,
    countryOfOrigin: v.countryOfOrigin,
  };
}

export function missingColorsOrSizes(colors: readonly unknown[], sizes: readonly unknown[]): string | null {
  if (colors.length === 0 && sizes.length === 0) return MESSAGES.colorsAndSizesMissing;
  if (colors.length === 0) return MESSAGES.colorMissing;
  if (sizes.length === 0) return MESSAGES.sizeMissing;
  return null;
}
