import { z } from 'zod';
import { numberField, productFields, requireColorsAndSizes } from './product.ts';

// Kept apart from product.ts: only the API and the admin import page use it, never the shop's pages.

/** Anything but a JSON list is left for the list's own check, which names the field. */
const jsonList = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(z.unknown(), { error: `${label} must be a list like ["a", "b"]` }),
  );

/** Stock may be 0 here: an exported product that sold out must import again unchanged. */
export const productImportRowSchema = z
  .object({
    ...productFields,
    stock: numberField('Stock is required').pipe(
      z
        .number()
        .int('Stock must be a whole number')
        .min(0, 'Stock cannot be negative')
        .max(1_000_000, 'Stock is too large'),
    ),
    highlights: jsonList('Highlights').pipe(productFields.highlights),
    images: jsonList('Images').pipe(productFields.images),
    colors: jsonList('Colors').pipe(productFields.colors),
    sizes: jsonList('Sizes').pipe(productFields.sizes),
    // Older files have no tax columns: the category's rule, made in India.
    hsn: productFields.hsn.optional(),
    gstRatePercent: productFields.gstRatePercent.optional(),
    countryOfOrigin: z.preprocess(
      (v) => (v === '' ? undefined : v),
      productFields.countryOfOrigin.optional(),
    ),
    deleted: z.preprocess(
      (v) => (v === '' || v === undefined ? false : v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'Deleted must be true or false' }),
    ),
  })
  .superRefine(requireColorsAndSizes);
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const PRODUCT_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'brand',
  'category',
  'price',
  'discountPercentage',
  'discountedPrice',
  'rating',
  'stock',
  'thumbnail',
  'images',
  'colors',
  'sizes',
  'highlights',
  'hsn',
  'gstRatePercent',
  'countryOfOrigin',
  'deleted',
] as const;

export const PRODUCT_CSV_OPTIONAL_COLUMNS: readonly string[] = [
  'discountedPrice',
  'rating',
  'hsn',
  'gstRatePercent',
  'countryOfOrigin',
];

export interface ProductImportResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
  dryRun: boolean;
}
