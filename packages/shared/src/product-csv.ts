import { z } from 'zod';
import { numberField, productFields, requireColorsAndSizes } from './product.ts';

// Kept apart from product.ts: only the API and the admin import page use it, never the shop's pages.

/** A JSON list in a CSV cell (`["#aa2233","#112233"]`); anything else is left for the list's own check. */
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

/**
 * One row of a product CSV import (issue 16): the export's own columns, checked with the admin
 * form's SPEC §5 messages. Lists are JSON; stock may be 0, since an exported product that sold out
 * must import again unchanged.
 */
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
    // Issue 15's tax columns may be absent (an older file): the category's rule, made in India.
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

/** The columns of the product CSV (issue 16), named after the API's fields; discountedPrice and rating are the server's. */
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

/** Columns an import may leave out: the server's own figures, and the tax fields (older files). */
export const PRODUCT_CSV_OPTIONAL_COLUMNS: readonly string[] = [
  'discountedPrice',
  'rating',
  'hsn',
  'gstRatePercent',
  'countryOfOrigin',
];

/** Reply of POST /products/import: what was (or, on a dry run, would be) created and updated, and each bad field by CSV line. */
export interface ProductImportResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
  dryRun: boolean;
}
