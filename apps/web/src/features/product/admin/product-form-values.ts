import { z } from 'zod';
import { MESSAGES } from '@shop/shared/messages';
import { IMAGE_URL_RE, productFields, type Product, type ProductBody } from '@shop/shared/product';
import { parcelFieldsSchema, type PackageCm } from '@shop/shared/shipping-schemas';
import {
  colorImagesSchema,
  compareSizes,
  EMPTY_DETAILS,
  isLetterSize,
  MAX_PHOTOS,
  productDetailsSchema,
  SIZE_UNITS,
  sizeChartSchema,
  sizeNumber,
  variantsSchema,
  type ProductDetails,
  type SizeChart,
  type SizeUnit,
} from '@shop/shared/variants';

export const MAX_HIGHLIGHTS = 8;
export const STOCK_MODES = ['shared', 'variant'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

export interface VariantCell {
  stock: string;
  sku: string;
  price: string;
}

/** A size chart as its inputs hold it: numbers as text, empty for a blank cell. */
export interface ChartDraft {
  unit: SizeChart['unit'];
  measurements: string[];
  rows: { size: string; values: string[] }[];
}

export type DetailsInput = Record<keyof ProductDetails, string>;
/** The parcel's box as its inputs hold it: cm as text, all three empty for none. */
export type BoxInput = Record<keyof PackageCm, string>;
export const BOX_SIDES = ['length', 'breadth', 'height'] as const satisfies readonly (keyof PackageCm)[];
export const BOX_ALL_OR_NONE = 'Give the length, breadth and height, or none';

/** What the inputs hold; `productEditorSchema` checks it and turns it into the API's body. */
export interface ProductFormInput {
  title: string;
  description: string;
  brand: string;
  category: string;
  price: string;
  discountPercentage: string;
  stockMode: StockMode;
  stock: string;
  highlights: string[];
  /** The first is the thumbnail. */
  photos: string[];
  colors: string[];
  /** As sold: "M", "Free Size", "42". */
  sizes: string[];
  sizeUnit: SizeUnit;
  /** By `cellKey`; cells of colours or sizes since removed stay here and are not sent. */
  cells: Record<string, VariantCell>;
  /** By `colorKey`. */
  colorPhotos: Record<string, string[]>;
  details: DetailsInput;
  chartMode: 'category' | 'own';
  chart: ChartDraft;
  hsn: string;
  gstRatePercent: string;
  countryOfOrigin: string;
  /** Grams; empty: the shop's default weight. */
  weightGrams: string;
  packageCm: BoxInput;
  /** docs/product.md, Returns and refunds: false for what is made to measure or sold on final sale. */
  returnable: boolean;
}

// Keys start with a letter: react-hook-form reads a key of digits as an array index.
export const colorKey = (color: string) => `c${color.replace('#', '').toLowerCase()}`;
export const cellKey = (color: string, size: string) => `${colorKey(color)}_${size.replace(/[ .]/g, '-')}`;

export const EMPTY_CELL: VariantCell = { stock: '', sku: '', price: '' };

/** The owner's colours × sizes, sizes as a shop lists them. */
export function gridOf(colors: readonly string[], sizes: readonly string[]) {
  const ordered = [...sizes].sort(compareSizes);
  return colors.flatMap((color) => ordered.map((size) => ({ color, size, key: cellKey(color, size) })));
}

export const LETTER_SIZES_NEED_VARIANTS = 'Letter sizes and Free Size need stock per colour and size';
export const photoLabel = (i: number) => `Photo ${i + 1}`;

const blank = (s: string | undefined) => (s ?? '').trim() === '';

export function chartDraftOf(chart: SizeChart): ChartDraft {
  return {
    unit: chart.unit,
    measurements: [...chart.measurements],
    rows: chart.rows.map((r) => ({
      size: r.size,
      values: r.values.map((v) => (v === null ? '' : String(v))),
    })),
  };
}

/** A new chart: the usual measurements, a row per size the product sells. */
export function newChart(sizes: readonly string[]): ChartDraft {
  const measurements = ['Bust', 'Waist'];
  const rowSizes = sizes.length > 0 ? [...sizes].sort(compareSizes) : ['S', 'M', 'L'];
  return {
    unit: 'in',
    measurements,
    rows: rowSizes.map((size) => ({ size, values: measurements.map(() => '') })),
  };
}

const sameChart = (a: SizeChart | null | undefined, b: SizeChart | null | undefined) =>
  a != null && b != null && JSON.stringify(a) === JSON.stringify(b);

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const boxInput = (cm: PackageCm | null | undefined): BoxInput => ({
  length: text(cm?.length),
  breadth: text(cm?.breadth),
  height: text(cm?.height),
});

/** `categoryChart`: the category's, to tell a product's own chart from the one it inherits. */
export function toFormValues(p?: Product, categoryChart?: SizeChart | null): ProductFormInput {
  const details = Object.fromEntries(
    Object.keys(EMPTY_DETAILS).map((k) => [k, text(p?.details?.[k as keyof ProductDetails])]),
  ) as DetailsInput;
  if (!p) {
    return {
      title: '',
      description: '',
      brand: '',
      category: '',
      price: '',
      discountPercentage: '',
      stockMode: 'shared',
      stock: '',
      highlights: [''],
      photos: [''],
      colors: [],
      sizes: [],
      sizeUnit: 'in',
      cells: {},
      colorPhotos: {},
      details,
      chartMode: 'category',
      chart: newChart([]),
      // The category's HSN and rate unless the admin chooses; most of the catalogue is Indian.
      hsn: '',
      gstRatePercent: '',
      countryOfOrigin: 'India',
      weightGrams: '',
      packageCm: boxInput(null),
      returnable: true,
    };
  }
  const variants = p.variants ?? [];
  const perVariant = variants.length > 0;
  const sizes = perVariant
    ? [...new Set(variants.map((v) => v.size))]
    : p.sizeLabels?.length
      ? [...p.sizeLabels]
      : p.sizes.map(String);
  const colors = perVariant ? [...new Set(variants.map((v) => v.color))] : [...p.colors];
  // docs/product.md, Entities: the original client sends the other images, then the thumbnail.
  const photos = [p.thumbnail, ...p.images.filter((u) => u !== p.thumbnail)].slice(0, MAX_PHOTOS);
  const ownChart = p.sizeChart != null && !sameChart(p.sizeChart, categoryChart);
  return {
    title: p.title,
    description: p.description,
    brand: p.brand,
    category: p.category,
    price: String(p.price),
    discountPercentage: String(p.discountPercentage),
    stockMode: perVariant ? 'variant' : 'shared',
    stock: String(p.stock),
    highlights: p.highlights.length > 0 ? p.highlights.slice(0, MAX_HIGHLIGHTS) : [''],
    photos,
    colors,
    sizes,
    sizeUnit: p.sizeUnit ?? 'in',
    cells: Object.fromEntries(
      variants.map((v) => [
        cellKey(v.color, v.size),
        { stock: String(v.stock), sku: v.sku ?? '', price: v.price === null ? '' : String(v.price) },
      ]),
    ),
    colorPhotos: Object.fromEntries((p.colorImages ?? []).map((c) => [colorKey(c.color), [...c.images]])),
    details,
    chartMode: ownChart ? 'own' : 'category',
    chart: ownChart && p.sizeChart ? chartDraftOf(p.sizeChart) : newChart(sizes),
    hsn: p.hsn ?? '',
    gstRatePercent: p.gstRatePercent === null ? '' : String(p.gstRatePercent),
    countryOfOrigin: p.countryOfOrigin,
    weightGrams: text(p.weightGrams),
    packageCm: boxInput(p.packageCm),
    // Absent on older replies: returnable.
    returnable: p.returnable ?? true,
  };
}

type Issue = { path: PropertyKey[]; message: string };
const relay = (ctx: z.RefinementCtx, prefix: PropertyKey[], issues: readonly Issue[]) => {
  for (const i of issues)
    ctx.addIssue({ code: 'custom', path: [...prefix, ...i.path] as (string | number)[], message: i.message });
};

function variantsOf(v: Pick<ProductFormInput, 'colors' | 'sizes' | 'cells'>) {
  const grid = gridOf(v.colors, v.sizes);
  const rows = grid.map(({ color, size, key }) => {
    const c = v.cells[key] ?? EMPTY_CELL;
    return { color, size, sku: c.sku, price: c.price, stock: c.stock.trim() === '' ? undefined : c.stock };
  });
  return { grid, rows };
}

function colorImagesOf(v: Pick<ProductFormInput, 'colors' | 'colorPhotos'>) {
  const list = v.colors
    .map((color) => {
      const slots = v.colorPhotos[colorKey(color)] ?? [];
      const filled = slots.flatMap((u, slot) => (blank(u) ? [] : [{ url: u.trim(), slot }]));
      return { color, filled };
    })
    .filter((c) => c.filled.length > 0);
  return list;
}

/** The product form (one schema for this form; the API checks the body again with `productBodySchema`). */
export const productEditorSchema = z
  .object({
    title: productFields.title,
    description: productFields.description,
    brand: productFields.brand,
    category: productFields.category,
    price: productFields.price,
    discountPercentage: productFields.discountPercentage,
    stockMode: z.enum(STOCK_MODES),
    stock: z.string(),
    highlights: z.array(z.string().trim().max(300, 'Highlight is too long')),
    photos: z.array(z.string()),
    colors: z.array(z.string()),
    sizes: z.array(z.string()),
    sizeUnit: z.enum(SIZE_UNITS, { error: 'Size unit is in, cm or m' }),
    cells: z.record(z.string(), z.object({ stock: z.string(), sku: z.string(), price: z.string() })),
    colorPhotos: z.record(z.string(), z.array(z.string())),
    details: productDetailsSchema,
    chartMode: z.enum(['category', 'own']),
    chart: z.custom<ChartDraft>(),
    hsn: productFields.hsn,
    gstRatePercent: productFields.gstRatePercent,
    countryOfOrigin: productFields.countryOfOrigin,
    weightGrams: z.string(),
    packageCm: z.object({ length: z.string(), breadth: z.string(), height: z.string() }),
    returnable: z.boolean(),
  })
  .superRefine(
    (v, ctx) => {
      // docs/product.md, Validation: the first highlight and the first photo (the thumbnail) are required.
      if (blank(v.highlights[0]))
        ctx.addIssue({ code: 'custom', path: ['highlights', 0], message: 'Highlight is required' });
      v.photos.forEach((url, i) => {
        if (i === 0 && blank(url))
          ctx.addIssue({ code: 'custom', path: ['photos', 0], message: `${photoLabel(0)} is required` });
        else if (!blank(url) && !IMAGE_URL_RE.test(url.trim()))
          ctx.addIssue({
            code: 'custom',
            path: ['photos', i],
            message: `${photoLabel(i)} is not a valid image URL`,
          });
      });

      const { grid, rows } = variantsOf(v);
      if (v.stockMode === 'shared') {
        const stock = productFields.stock.safeParse(v.stock);
        if (!stock.success) relay(ctx, ['stock'], stock.error.issues);
        if (v.sizes.some(isLetterSize))
          ctx.addIssue({ code: 'custom', path: ['sizes'], message: LETTER_SIZES_NEED_VARIANTS });
      }
      // The sizes' rules (Free Size alone, sizes apart) hold one shared stock too, and show before every stock is in.
      const sizesChecked = variantsSchema.safeParse(
        rows.map((r) => ({ ...r, sku: '', price: '', stock: 0 })),
      );
      for (const issue of sizesChecked.error?.issues ?? [])
        if (issue.path.length === 0)
          ctx.addIssue({ code: 'custom', path: ['sizes'], message: issue.message });
      if (v.stockMode === 'variant') {
        for (const issue of variantsSchema.safeParse(rows).error?.issues ?? []) {
          const [i, field] = issue.path as [number | undefined, string | undefined];
          const cell = i === undefined ? undefined : grid[i];
          if (cell && field)
            ctx.addIssue({ code: 'custom', path: ['cells', cell.key, field], message: issue.message });
        }
      }

      const images = colorImagesOf(v);
      const photos = colorImagesSchema.safeParse(
        images.map((c) => ({ color: c.color, images: c.filled.map((f) => f.url) })),
      );
      if (!photos.success) {
        for (const issue of photos.error.issues) {
          const [i, , j] = issue.path as [number, string, number | undefined];
          const c = images[i];
          if (c)
            ctx.addIssue({
              code: 'custom',
              path: ['colorPhotos', colorKey(c.color), c.filled[j ?? 0]?.slot ?? 0],
              message: issue.message,
            });
        }
      }

      if (v.chartMode === 'own') {
        const chart = sizeChartSchema.safeParse(v.chart);
        if (!chart.success) relay(ctx, ['chart'], chart.error.issues);
      }

      const weight = parcelFieldsSchema.shape.weightGrams.safeParse(v.weightGrams);
      if (!weight.success) relay(ctx, ['weightGrams'], weight.error.issues);
      const missing = BOX_SIDES.filter((side) => blank(v.packageCm[side]));
      if (missing.length > 0 && missing.length < BOX_SIDES.length) {
        for (const side of missing) ctx.addIssue({ code: 'custom', path: ['packageCm', side], message: BOX_ALL_OR_NONE });
      } else if (missing.length === 0) {
        const box = parcelFieldsSchema.shape.packageCm.safeParse(v.packageCm);
        if (!box.success) relay(ctx, ['packageCm'], box.error.issues);
      }
    },
    // Every message at once: an empty price must not hide the stock's or the photos'.
    { when: () => true },
  );

export type ProductFormValues = z.output<typeof productEditorSchema>;

/** The box in cm once all three sides are numbers above 0; null otherwise (none given, or not yet). */
export function boxOf(box: BoxInput): PackageCm | null {
  const parsed = parcelFieldsSchema.shape.packageCm.safeParse(box);
  return parsed.success ? (parsed.data ?? null) : null;
}

export interface BodyOptions {
  /** Send `variants: []` so a product sold per variant goes back to one shared stock. */
  hadVariants?: boolean;
  /** Send the chart only when the owner touched it: an untouched one stays as the server has it. */
  chartEdited?: boolean;
}

/**
 * The body of POST/PATCH /products. One shared stock keeps the original client's shape (the other
 * images, then the thumbnail; colours, sizes as numbers, stock); stock per variant sends `variants`
 * instead of stock, colours and sizes.
 */
export function toProductBody(
  v: ProductFormValues,
  { hadVariants = false, chartEdited = true }: BodyOptions = {},
): ProductBody {
  const photos = v.photos.map((u) => u.trim()).filter((u) => u !== '');
  const thumbnail = photos[0] ?? '';
  const body: ProductBody = {
    title: v.title,
    description: v.description,
    brand: v.brand,
    category: v.category,
    price: v.price,
    discountPercentage: v.discountPercentage,
    highlights: v.highlights.filter((h) => h !== ''),
    thumbnail,
    images: [...photos.slice(1), thumbnail],
    hsn: v.hsn,
    gstRatePercent: v.gstRatePercent,
    countryOfOrigin: v.countryOfOrigin,
    sizeUnit: v.sizeUnit,
    colorImages: colorImagesOf(v).map((c) => ({ color: c.color, images: c.filled.map((f) => f.url) })),
    details: v.details,
    // docs/product.md, Shipping charges: empty is the shop's default weight, and no box.
    weightGrams: parcelFieldsSchema.shape.weightGrams.parse(v.weightGrams) ?? null,
    packageCm: BOX_SIDES.every((side) => blank(v.packageCm[side])) ? null : boxOf(v.packageCm),
    // Always sent, true or false: the server's default must not decide for the owner.
    returnable: v.returnable,
  };
  if (v.stockMode === 'variant') {
    body.variants = variantsSchema.parse(variantsOf(v).rows);
  } else {
    body.stock = Number(v.stock);
    body.colors = [...v.colors];
    body.sizes = v.sizes.map(sizeNumber);
    if (hadVariants) body.variants = [];
  }
  if (chartEdited) body.sizeChart = v.chartMode === 'own' ? sizeChartSchema.parse(v.chart) : null;
  return body;
}

export function missingColorsOrSizes(colors: readonly unknown[], sizes: readonly unknown[]): string | null {
  if (colors.length === 0 && sizes.length === 0) return MESSAGES.colorsAndSizesMissing;
  if (colors.length === 0) return MESSAGES.colorMissing;
  if (sizes.length === 0) return MESSAGES.sizeMissing;
  return null;
}
