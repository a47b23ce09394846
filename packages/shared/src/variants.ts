import { z } from 'zod';
import { BLOUSE_PIECES, canonicalSize, FREE_SIZE, SIZE_MESSAGE, sizeNumber } from './sizes.ts';

export * from './sizes.ts';

// A clothing range (decision 036): stock per colour × size, photos per colour, typed details, size charts.

export const sizeLabelSchema = z
  .union([z.string(), z.number()], { error: SIZE_MESSAGE })
  .transform((v, ctx) => {
    const size = canonicalSize(String(v));
    if (size === null) {
      ctx.addIssue({ code: 'custom', message: SIZE_MESSAGE });
      return z.NEVER;
    }
    return size;
  });

const COLOR_HEX_RE = /^#[0-9a-fA-F]{6}$/;
const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
export const MAX_VARIANTS = 100;
export const MAX_PHOTOS = 8;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const variantBodySchema = z.object({
  color: z.string({ error: 'Invalid color' }).regex(COLOR_HEX_RE, 'Invalid color').transform((c) => c.toLowerCase()),
  size: sizeLabelSchema,
  sku: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : blankToNull(v)),
    z
      .string({ error: 'SKU is letters, digits, dot, dash, slash or underscore' })
      .regex(SKU_RE, 'SKU is letters, digits, dot, dash, slash or underscore (at most 64)')
      .nullable(),
  ),
  // Whole rupees, GST-inclusive; null is the product's price.
  price: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : blankToNull(v)),
    z
      .number({ error: 'Variant price is a whole number of rupees' })
      .int('Variant price is a whole number of rupees')
      .min(1, 'Price must be at least 1')
      .max(10_000_000, 'Price is too large')
      .nullable(),
  ),
  stock: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: 'Variant stock is required' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(1_000_000, 'Stock is too large'),
  ),
  // docs/product.md, Shipping charges: grams; null or left out is the product's weight.
  weightGrams: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : blankToNull(v)),
      z.number({ error: 'Weight must be a number' }).int('Weight: whole grams').min(1, 'Weight is at least 1 gram').max(100_000, 'Weight is at most 100 kg').nullable(),
    )
    .optional(),
});
export type VariantBody = z.infer<typeof variantBodySchema>;

/** One row per colour × size; a SKU once; Free Size alone. */
export const variantsSchema = z
  .array(variantBodySchema)
  .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`)
  .superRefine((variants, ctx) => {
    const seen = new Set<string>();
    const skus = new Set<string>();
    variants.forEach((v, i) => {
      const key = `${v.color} ${v.size}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `${v.size} in ${v.color} is listed twice` });
      seen.add(key);
      if (v.sku !== null) {
        const sku = v.sku.toLowerCase();
        if (skus.has(sku)) ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: `SKU ${v.sku} is used twice` });
        skus.add(sku);
      }
    });
    const sizes = new Set(variants.map((v) => v.size));
    if (sizes.has(FREE_SIZE) && sizes.size > 1)
      ctx.addIssue({ code: 'custom', message: 'Free Size is sold alone, not beside other sizes' });
    const numbers = new Map<number, string>();
    for (const s of sizes) {
      const n = sizeNumber(s);
      const other = numbers.get(n);
      if (other !== undefined)
        ctx.addIssue({ code: 'custom', message: `Sizes ${other} and ${s} cannot be sold together (both are ${n})` });
      numbers.set(n, s);
    }
  });

const photo = z
  .string({ error: 'Photo is not a valid image URL' })
  .trim()
  .max(2048, 'Photo is not a valid image URL')
  .regex(/^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9._/-]+)$/, 'Photo is not a valid image URL');

export const colorImagesSchema = z
  .array(
    z.object({
      color: z.string({ error: 'Invalid color' }).regex(COLOR_HEX_RE, 'Invalid color').transform((c) => c.toLowerCase()),
      images: z.array(photo).min(1, 'Add a photo for the colour').max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`),
    }),
  )
  .max(30, 'Too many colors')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      if (seen.has(c.color)) ctx.addIssue({ code: 'custom', path: [i, 'color'], message: `Photos for ${c.color} are listed twice` });
      seen.add(c.color);
    });
  });
export type ColorImages = z.infer<typeof colorImagesSchema>;

const detailText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : blankToNull(v)),
    z.string({ error: `${label} is text` }).max(max, `${label} is at most ${max} characters`).nullable(),
  );
const metres = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : blankToNull(v)),
    z
      .number({ error: `${label} is a number of metres` })
      .min(0.1, `${label} is at least 0.1 m`)
      .max(50, `${label} is at most 50 m`)
      .nullable(),
  );

/** Every key is present in a product's JSON, null when the shop left it empty. */
export const productDetailsSchema = z.object({
  fabric: detailText('Fabric', 100),
  work: detailText('Weave or work', 100),
  occasion: detailText('Occasion', 100),
  pattern: detailText('Pattern', 100),
  washCare: detailText('Wash care', 300),
  lengthMetres: metres('Saree length'),
  blousePiece: z.preprocess(blankToNull, z.enum(BLOUSE_PIECES, { error: 'Blouse piece is none, running or separate' }).nullable()),
  blousePieceMetres: metres('Blouse piece length'),
  netQuantity: detailText('Net quantity', 100),
  // Null: the shop's legal name and address.
  manufacturer: detailText('Manufacturer or packer', 300),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
export const detailsBodySchema = productDetailsSchema.partial();

export const EMPTY_DETAILS: ProductDetails = {
  fabric: null,
  work: null,
  occasion: null,
  pattern: null,
  washCare: null,
  lengthMetres: null,
  blousePiece: null,
  blousePieceMetres: null,
  netQuantity: null,
  manufacturer: null,
};

export const sizeChartSchema = z
  .object({
    unit: z.enum(['cm', 'in'], { error: 'Measurements are in cm or in' }),
    measurements: z
      .array(z.string({ error: 'Measurement is text' }).trim().min(1, 'Name the measurement').max(40, 'Measurement name is too long'))
      .min(1, 'Add a measurement')
      .max(8, 'At most 8 measurements'),
    rows: z
      .array(
        z.object({
          size: sizeLabelSchema,
          values: z.array(
            z.preprocess(
              (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : blankToNull(v)),
              z.number({ error: 'Measurement is a number' }).positive('Measurement is a number above 0').max(1000, 'Measurement is too large').nullable(),
            ),
          ),
        }),
      )
      .min(1, 'Add a size')
      .max(20, 'At most 20 sizes'),
  })
  .superRefine((chart, ctx) => {
    chart.rows.forEach((r, i) => {
      if (r.values.length !== chart.measurements.length)
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'values'], message: `Size ${r.size} needs ${chart.measurements.length} measurements` });
    });
  });
export type SizeChart = z.infer<typeof sizeChartSchema>;

