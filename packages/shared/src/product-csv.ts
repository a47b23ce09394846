import { z } from 'zod';
import { numberField, productBodySchema, productFields, requireColorsAndSizes } from './product.ts';
import { EMPTY_DETAILS, FREE_SIZE, type ProductDetails } from './variants.ts';

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
const importStock = numberField('Stock is required').pipe(
  z
    .number()
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000, 'Stock is too large'),
);

/** A row of the export before stock per variant (issue 28). */
export const productImportRowSchema = z
  .object({
    ...productFields,
    stock: importStock,
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

/** The create body as an import reads it: a shared stock of 0 is allowed, as above. */
export const productImportBodySchema = productBodySchema.safeExtend({ stock: importStock.optional() });

/** The columns of the export before stock per variant (issue 28): one row per product. Still imported. */
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

/**
 * Shopify's product CSV columns (help.shopify.com, "Using CSV files to import and export products"), in its
 * order: a product's first row carries its columns, each further row with its Handle one variant or one
 * more photo. Columns Shopify has and we do not (Tags, Variant Grams…) are read or skipped on import.
 */
export const SHOPIFY_PRODUCT_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
] as const;

export const DETAIL_COLUMNS = Object.keys(EMPTY_DETAILS) as (keyof ProductDetails)[];

/** What Shopify has no column for, by our API's field names; on the product's first row only. */
export const OWN_PRODUCT_COLUMNS = [
  'id',
  'price',
  'discountPercentage',
  'rating',
  'thumbnail',
  'highlights',
  'colors',
  'sizes',
  'colorImages',
  'sizeUnit',
  'hsn',
  'gstRatePercent',
  'countryOfOrigin',
  ...DETAIL_COLUMNS,
] as const;

export const PRODUCT_CSV_HEADER = [...SHOPIFY_PRODUCT_COLUMNS, ...OWN_PRODUCT_COLUMNS];
export type ProductCsvColumn = (typeof PRODUCT_CSV_HEADER)[number];

// Shopify's sample files spell sizes out; anything else is read by canonicalSize.
const SIZE_WORDS: Record<string, string> = {
  small: 'S',
  medium: 'M',
  large: 'L',
  'x-large': 'XL',
  'extra large': 'XL',
  'xx-large': 'XXL',
  'one size': FREE_SIZE,
};

/** A Size option's value as a variant's size cell: "Medium" is M; the variant's schema checks the rest. */
export const sizeOption = (text: string): string => SIZE_WORDS[text.trim().toLowerCase()] ?? text;

export interface ProductImportResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
  dryRun: boolean;
}
