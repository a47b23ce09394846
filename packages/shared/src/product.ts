import type { ProductSale } from './promotions.ts';
import { parcelFieldsSchema } from './shipping-schemas.ts';
import type { PackageCm } from './shipping.ts';
import { z } from 'zod';
import { MAX_PER_PAGE, ITEMS_PER_PAGE } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { pageParam } from './params.ts';
import {
  colorImagesSchema,
  detailsBodySchema,
  MAX_PHOTOS,
  SIZE_UNITS,
  sizeChartSchema,
  variantsSchema,
  type ColorImages,
  type ProductDetails,
  type ProductVariant,
  type SizeChart,
  type SizeUnit,
} from './variants.ts';

export const IMAGE_URL_RE = /^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9._/-]+)$/;
export const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
const imageUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} is not a valid image URL`)
    .regex(IMAGE_URL_RE, `${label} is not a valid image URL`);

export const numberField = (required: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || (typeof v === 'number' && Number.isNaN(v))
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    z.number({ error: required }).finite(required),
  );

/** The original admin form sends sizes as strings, `["42"]`. */
const CANONICAL_DECIMAL_RE = /^(0|[1-9][0-9]{0,5})(\.[0-9]{1,2})?$/;
const sizeValue = z.preprocess(
  (v) => (typeof v === 'string' && CANONICAL_DECIMAL_RE.test(v) ? Number(v) : v),
  z.number({ error: 'Invalid size' }).positive(MESSAGES.sizeNotPositive).max(1000, 'Size is too large'),
);

export const GST_RATES = [0, 5, 12, 18, 28] as const;
const HSN_MESSAGE = 'HSN code is 4 to 8 digits';
const GST_RATE_MESSAGE = `GST rate is one of ${GST_RATES.join(', ')} %`;

export const productFields = {
  title: text('Name is required', 200),
  description: text('Description is required', 5000),
  brand: text('Brand is required', 100),
  category: text('Category is required', 100),
  price: numberField('Price is required').pipe(
    z.number().min(1, 'Price must be at least 1').max(10_000_000, 'Price is too large'),
  ),
  discountPercentage: numberField('Discount is required').pipe(
    z.number().min(0, 'Discount must be between 0 and 100').max(100, 'Discount must be between 0 and 100'),
  ),
  stock: numberField('Stock is required').pipe(
    z
      .number()
      .int('Stock must be a whole number')
      .min(1, 'Stock must be at least 1')
      .max(1_000_000, 'Stock is too large'),
  ),
  // The first is required, the rest optional (the original form sends four).
  highlights: z
    .array(text('Highlight is required', 300))
    .min(1, 'Add a highlight')
    .max(8, 'At most 8 highlights'),
  thumbnail: imageUrl('Thumbnail'),
  // As the admin form builds it: the three images, then the thumbnail (docs/product.md, Entities).
  images: z.array(imageUrl('Image')).min(1, 'Add a photo').max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`),
  colors: z.array(z.string().regex(COLOR_RE, 'Invalid color')).max(30, 'Too many colors'),
  sizes: z.array(sizeValue).max(30, 'Too many sizes'),
  hsn: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string({ error: HSN_MESSAGE }).regex(/^\d{4,8}$/, HSN_MESSAGE).nullable(),
  ),
  gstRatePercent: z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: GST_RATE_MESSAGE })
      .refine((n) => (GST_RATES as readonly number[]).includes(n), GST_RATE_MESSAGE)
      .nullable(),
  ),
  // E-Commerce Rules 2020: every listing names its country of origin.
  countryOfOrigin: text('Country of origin is required', 100),
};

export function requireColorsAndSizes(v: { colors?: string[]; sizes?: number[] }, ctx: z.RefinementCtx) {
  const noColor = v.colors !== undefined && v.colors.length === 0;
  const noSize = v.sizes !== undefined && v.sizes.length === 0;
  if (noColor || noSize) {
    ctx.addIssue({
      code: 'custom',
      path: [noColor ? 'colors' : 'sizes'],
      message:
        noColor && noSize
          ? MESSAGES.colorsAndSizesMissing
          : noColor
            ? MESSAGES.colorMissing
            : MESSAGES.sizeMissing,
    });
  }
}

/** What the original client does not send (decision 036): without `variants` a product keeps one shared stock. */
export const rangeFields = {
  variants: variantsSchema,
  colorImages: colorImagesSchema,
  details: detailsBodySchema,
  sizeUnit: z.enum(SIZE_UNITS, { error: 'Size unit is in, cm or m' }),
  sizeChart: sizeChartSchema.nullable(),
  // docs/product.md, Shipping charges: the parcel's weight (grams) and box (cm).
  weightGrams: parcelFieldsSchema.shape.weightGrams,
  packageCm: parcelFieldsSchema.shape.packageCm,
  // docs/product.md, Returns and refunds: false for what is made to measure or sold on final sale.
  returnable: z.boolean({ error: 'Returnable is true or false' }).optional(),
};

/** With variants, the stock, colours and sizes are theirs: the body's are not needed and not kept. */
function requireStockOrVariants(
  v: { stock?: number; colors?: string[]; sizes?: number[]; variants?: unknown[] },
  ctx: z.RefinementCtx,
  creating: boolean,
) {
  if (v.variants !== undefined && v.variants.length > 0) return;
  if (creating && v.stock === undefined) ctx.addIssue({ code: 'custom', path: ['stock'], message: 'Stock is required' });
  if (creating && (v.colors === undefined || v.sizes === undefined))
    ctx.addIssue({ code: 'custom', path: [v.colors === undefined ? 'colors' : 'sizes'], message: MESSAGES.colorsAndSizesMissing });
  requireColorsAndSizes(v, ctx);
}

/** The tax fields may be left out: the original client knows none (the category's rule, made in India). */
export const productBodySchema = z
  .object({
    ...productFields,
    stock: productFields.stock.optional(),
    colors: productFields.colors.optional(),
    sizes: productFields.sizes.optional(),
    hsn: productFields.hsn.optional(),
    gstRatePercent: productFields.gstRatePercent.optional(),
    countryOfOrigin: productFields.countryOfOrigin.optional(),
    deleted: z.boolean().optional(),
    ...z.object(rangeFields).partial().shape,
  })
  .superRefine((v, ctx) => requireStockOrVariants(v, ctx, true));
export type ProductBody = z.infer<typeof productBodySchema>;

export const productPatchSchema = z
  .object({ ...productFields, deleted: z.boolean(), ...rangeFields })
  .partial()
  .superRefine((v, ctx) => requireStockOrVariants(v, ctx, false));
export type ProductPatch = z.infer<typeof productPatchSchema>;


const PRODUCT_SORT_KEYS = ['rating', 'price', 'discountedPrice', 'discountPercentage', 'title', 'stock'] as const;
export const SHOPPER_SORT_KEYS = ['rating', 'price', 'discountedPrice', 'discountPercentage'] as const;

const manyStrings = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s.length > 0))
  .pipe(z.array(z.string().max(100)).max(50));
export const productListQuerySchema = z.object({
  category: manyStrings.optional(),
  brand: manyStrings.optional(),
  // The product's details (decision 036), matched without regard to case.
  fabric: manyStrings.optional(),
  occasion: manyStrings.optional(),
  search: z.string().trim().max(100).optional(),
  _sort: z.enum(PRODUCT_SORT_KEYS).optional().catch(undefined),
  _order: z.enum(['asc', 'desc']).optional().catch(undefined),
  _page: pageParam(1, 100_000),
  _per_page: pageParam(ITEMS_PER_PAGE, MAX_PER_PAGE),
  admin: z.enum(['true', 'false']).optional().catch(undefined),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const suggestQuerySchema = z.object({
  q: z.string().max(100).default(''),
  limit: pageParam(5, 20),
});

export interface Breadcrumb {
  name: string;
  href: string;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  brand: string;
  category: string;
  price: number;
  discountPercentage: number;
  discountedPrice: number;
  /** An automatic sale's price for one piece (docs/product.md, Promotions); absent when none applies. */
  salePrice?: number;
  sale?: ProductSale;
  /** With published reviews, their average to one decimal (docs/product.md, Reviews). */
  rating: number;
  /** How many published reviews it has; absent on older replies: 0. */
  reviewCount?: number;
  stock: number;
  thumbnail: string;
  images: string[];
  colors: string[];
  /** As numbers (decision 036): letter sizes by their bust in inches, Free Size as 1. */
  sizes: number[];
  highlights: string[];
  hsn: string | null;
  gstRatePercent: number | null;
  countryOfOrigin: string;
  breadcrumbs: Breadcrumb[];
  deleted: boolean;
  /** Empty when one stock is shared by every colour and size. */
  variants: ProductVariant[];
  /** The sizes as the shop sells them ("M", "Free Size", "42"), in `sizes`' order. */
  sizeLabels: string[];
  sizeUnit: SizeUnit;
  colorImages: ColorImages;
  details: ProductDetails;
  /** On a product's own page: its chart, or its category's; null when neither has one. */
  sizeChart?: SizeChart | null;
  /** The parcel: grams (null: the shop's default weight) and box in cm (null: none given). */
  weightGrams?: number | null;
  packageCm?: PackageCm | null;
  /** Shoppers may ask to return it (docs/product.md, Returns and refunds); absent on older replies: true. */
  returnable?: boolean;
  /** On a product's own page: the manufacturer or packer it declares, else the shop's legal name and address. */
  packer?: string | null;
  /** On a product's own page: the shop's low-stock level, at or under which it says "Only N left". */
  lowStockThreshold?: number;
}

/** The details a shopper filters by, as live products carry them. */
export interface ProductFacets {
  fabrics: string[];
  occasions: string[];
}

export interface CategorySizeChart {
  category: string;
  chart: SizeChart;
}

export interface ProductList {
  products: Product[];
  totalProducts: number;
}

export interface ProductSuggestion {
  id: number;
  title: string;
  brand: string;
  category: string;
  thumbnail: string;
  discountedPrice: number;
}

export interface ProductTableRow {
  id: number;
  title: string;
  brand: string;
  category: string;
  thumbnail: string;
  price: number;
  discountPercentage: number;
  discountedPrice: number;
  stock: number;
  deleted: boolean;
  /** Empty for one shared stock. */
  variants: ProductVariant[];
}

export interface ProductTable {
  products: ProductTableRow[];
  totalProducts: number;
  lowStockThreshold: number;
}
