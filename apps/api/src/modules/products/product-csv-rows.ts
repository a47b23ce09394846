import {
  DETAIL_COLUMNS,
  FREE_SIZE,
  sizeOption,
  type Product,
  type ProductCsvColumn,
  type ProductVariant,
} from '@shop/shared';
import { colourHex } from '@shop/shared/colour-names';
import type { CsvCell } from '../../lib/csv.ts';

// The product CSV in Shopify's layout (docs/product.md, Product import): a product's first row carries
// its columns and its first variant, each further row with its Handle one more variant and/or photo.

export type CsvRecord = Partial<Record<ProductCsvColumn, CsvCell>>;
export type CellRecord = Record<string, string>;
export interface CsvLine {
  line: number;
  record: CellRecord;
}
export interface LineError {
  line: number;
  message: string;
}

/** Shopify's handle (the end of a product's URL there); the id keeps two products of one title apart. */
export function handleOf(p: Pick<Product, 'id' | 'title'>): string {
  const slug = p.title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug ? `${slug}-${p.id}` : `product-${p.id}`;
}

/** Shopify's Variant Price is what is charged, its Compare At the struck-out price: ours after and before the discount. */
function priceCells(before: number, charged: number): CsvRecord {
  return { 'Variant Price': charged, 'Variant Compare At Price': before > charged ? before : '' };
}

function variantCells(p: Product, v: ProductVariant): CsvRecord {
  return {
    'Option1 Value': v.color,
    'Option2 Value': v.size,
    'Variant SKU': v.sku ?? '',
    'Variant Inventory Qty': v.stock,
    ...priceCells(v.price ?? p.price, v.discountedPrice),
    'Variant Image': p.colorImages.find((c) => c.color === v.color)?.images[0] ?? '',
  };
}

/** One shared stock is Shopify's product without options: one row, "Title" / "Default Title". */
function sharedStockCells(p: Product): CsvRecord {
  return {
    'Option1 Value': 'Default Title',
    'Variant Inventory Qty': p.stock,
    ...priceCells(p.price, p.discountedPrice),
  };
}

function productCells(p: Product): CsvRecord {
  const perVariant = p.variants.length > 0;
  const firstOwnPrice = p.variants[0]?.price ?? null;
  return {
    Title: p.title,
    'Body (HTML)': p.description,
    Vendor: p.brand,
    Type: p.category,
    Published: p.deleted ? 'FALSE' : 'TRUE',
    'Option1 Name': perVariant ? 'Color' : 'Title',
    'Option2 Name': perVariant ? 'Size' : '',
    Status: p.deleted ? 'archived' : 'active',
    id: p.id,
    // Only when the first row's price is its variant's own: else that row's price is the product's.
    price: firstOwnPrice !== null && firstOwnPrice !== p.price ? p.price : '',
    discountPercentage: p.discountPercentage,
    rating: p.rating,
    thumbnail: p.thumbnail,
    highlights: JSON.stringify(p.highlights),
    colors: perVariant ? '' : JSON.stringify(p.colors),
    sizes: perVariant ? '' : JSON.stringify(p.sizes),
    colorImages: JSON.stringify(p.colorImages),
    sizeUnit: p.sizeUnit,
    hsn: p.hsn ?? '',
    gstRatePercent: p.gstRatePercent ?? '',
    countryOfOrigin: p.countryOfOrigin,
    ...Object.fromEntries(DETAIL_COLUMNS.map((k) => [k, p.details[k] ?? ''])),
  };
}

/** As Shopify exports: the photos fill the variants' rows in order, then rows of their own. */
export function productCsvRows(p: Product): CsvRecord[] {
  const rows = p.variants.length ? p.variants.map((v) => variantCells(p, v)) : [sharedStockCells(p)];
  Object.assign(rows[0]!, productCells(p));
  p.images.forEach((src, i) => {
    rows[i] = { ...rows[i], 'Image Src': src, 'Image Position': i + 1 };
  });
  const handle = handleOf(p);
  return rows.map((r) => ({ Handle: handle, ...r }));
}

// ---- reading ----

const VARIANT_COLUMNS = [
  'Option1 Value',
  'Option2 Value',
  'Option3 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Image',
];

/** Rows of one Handle, in file order; a row without a Handle is a product of its own, as in Shopify. */
export function groupByHandle(lines: CsvLine[]): CsvLine[][] {
  const groups = new Map<string, CsvLine[]>();
  for (const l of lines) {
    const handle = (l.record.Handle ?? '').toLowerCase();
    const key = handle === '' ? `line ${l.line}` : handle;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  return [...groups.values()];
}

/** What a group of rows says, before the body's schema checks it; `at` maps a body path to its line. */
export interface ProductDraft {
  line: number;
  id: string;
  /** Null when the rows cannot be read as a product at all: `errors` says why. */
  body: Record<string, unknown> | null;
  variantLines: number[];
  imageLines: number[];
  errors: LineError[];
  /** Body paths whose error is already in `errors`, in a clearer word than the schema's. */
  reported: Set<string>;
}

type Option = 'color' | 'size' | 'none';

function optionOf(name: string): Option | undefined {
  const n = name.toLowerCase();
  if (n === 'color' || n === 'colour') return 'color';
  if (n === 'size') return 'size';
  if (n === '' || n === 'title') return 'none';
  return undefined;
}

/** Which Option N Value column holds the colour and which the size, by the first row's Option N Names. */
function optionColumns(first: CsvLine, d: ProductDraft): { color?: string; size?: string } {
  const columns: { color?: string; size?: string } = {};
  for (const n of [1, 2, 3]) {
    const name = first.record[`Option${n} Name`] ?? '';
    const option = optionOf(name);
    if (option === undefined)
      d.errors.push({
        line: first.line,
        message: `Option ${name} cannot be imported: a product's options are Color and Size`,
      });
    else if (option !== 'none') columns[option] = `Option${n} Value`;
  }
  return columns;
}

const isPhotoOnly = (l: CsvLine) => VARIANT_COLUMNS.every((c) => (l.record[c] ?? '') === '');

/** A variant's price before the discount: Compare At when Shopify strikes one out, else what is charged. */
const priceBefore = (r: CellRecord) => r['Variant Compare At Price'] || (r['Variant Price'] ?? '');

/** Shopify has one discount a variant; ours is the product's, read from its first row. */
function discountOf(r: CellRecord): number {
  const charged = Number(r['Variant Price']);
  const before = Number(r['Variant Compare At Price']);
  if (!(charged > 0 && before > charged)) return 0;
  return Math.round((1 - charged / before) * 10_000) / 100;
}

/** Null is the product's price: a variant whose price is the product's has none of its own. */
function variantPrice(before: string, productPrice: string): string | null {
  return before === '' || Number(before) === Number(productPrice) ? null : before;
}

function variantsOf(
  rows: CsvLine[],
  columns: { color?: string; size?: string },
  productPrice: string,
  d: ProductDraft,
) {
  return rows.map(({ line, record: r }, i) => {
    const text = r[columns.color!] ?? '';
    const color = colourHex(text);
    if (color === null) {
      d.errors.push({
        line,
        message: `Color ${text || '(empty)'} is neither a hex code like #aa2233 nor a colour name we know`,
      });
      d.reported.add(`variants.${i}.color`);
    }
    return {
      color: color ?? text,
      size: columns.size ? sizeOption(r[columns.size] ?? '') : FREE_SIZE,
      sku: r['Variant SKU'],
      price: variantPrice(priceBefore(r), productPrice),
      stock: r['Variant Inventory Qty'],
    };
  });
}

/** Photos in Image Position order (rows without one after, in file order), with the line of each. */
function photosOf(rows: CsvLine[], d: ProductDraft): { src: string; line: number }[] {
  const photos = rows.flatMap(({ line, record: r }) => {
    const src = r['Image Src'] ?? '';
    const position = r['Image Position'] ?? '';
    if (position !== '' && !/^[1-9][0-9]{0,3}$/.test(position))
      d.errors.push({ line, message: 'Image Position must be a whole number from 1' });
    return src === '' ? [] : [{ src, line, position: position === '' ? Infinity : Number(position) }];
  });
  return photos.sort((a, b) => a.position - b.position);
}

/** Shopify's one photo a variant, gathered by colour; our own `colorImages` column is read instead when there. */
function colorImagesOf(rows: CsvLine[], columns: { color?: string }): { color: string; images: string[] }[] {
  const byColor = new Map<string, string[]>();
  for (const { record: r } of rows) {
    const color = colourHex(r[columns.color!] ?? '');
    const src = r['Variant Image'] ?? '';
    if (color === null || src === '') continue;
    const images = byColor.get(color) ?? [];
    if (!images.includes(src)) byColor.set(color, [...images, src]);
  }
  return [...byColor].map(([color, images]) => ({ color, images }));
}

function jsonCell(r: CsvLine, column: string, label: string, example: string, d: ProductDraft): unknown {
  const text = r.record[column] ?? '';
  if (text === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    d.errors.push({ line: r.line, message: `${label} must be a list like ${example}` });
    d.reported.add(column);
    return [];
  }
}

/** Shopify's Status (active, draft, archived), else its Published; a product not on sale here is deleted. */
function deletedOf(r: CsvLine, d: ProductDraft): boolean {
  const status = (r.record.Status ?? '').toLowerCase();
  if (status === 'active') return false;
  if (status === 'draft' || status === 'archived') return true;
  if (status !== '') d.errors.push({ line: r.line, message: 'Status must be active, draft or archived' });
  return (r.record.Published ?? '').toLowerCase() === 'false';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Shopify's Body (HTML) as the plain text our description is (the shop shows it as text, not HTML). */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const tagsOf = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .slice(0, 8);

const blankToUndefined = (v: string | undefined) => (v === '' ? undefined : v);

/**
 * One product's rows as a create body. A file without our `id` column is taken for Shopify's: its
 * Body (HTML) is HTML, its Tags stand for our highlights, its Variant Images for our colour photos.
 */
export function draftOf(rows: CsvLine[], header: ReadonlySet<string>): ProductDraft {
  const [first, ...rest] = rows as [CsvLine, ...CsvLine[]];
  const r = first.record;
  const d: ProductDraft = {
    line: first.line,
    id: r.id ?? '',
    body: null,
    variantLines: [],
    imageLines: [],
    errors: [],
    reported: new Set(),
  };
  if ((r.Title ?? '') === '') {
    d.errors.push({
      line: first.line,
      message: `No row of handle ${r.Handle} has a Title: a product's first row needs one`,
    });
    return d;
  }
  const columns = optionColumns(first, d);
  if (d.errors.length) return d;
  const variantRows = [first, ...rest.filter((l) => !isPhotoOnly(l))];
  const perVariant = columns.color !== undefined;
  if (!perVariant && columns.size)
    d.errors.push({ line: first.line, message: 'A Size option needs a Color option beside it' });
  if (!perVariant && variantRows.length > 1)
    d.errors.push({
      line: variantRows[1]!.line,
      message: 'A product without Color and Size options has one row, and rows of photos only',
    });

  const productPrice = r.price || priceBefore(r);
  const photos = photosOf(rows, d);
  const shopify = !header.has('id');
  d.variantLines = variantRows.map((l) => l.line);
  d.imageLines = photos.map((p) => p.line);
  d.body = {
    title: r.Title,
    description: shopify ? htmlToText(r['Body (HTML)'] ?? '') : r['Body (HTML)'],
    brand: r.Vendor,
    category: r.Type,
    price: productPrice,
    discountPercentage: r.discountPercentage || discountOf(r),
    thumbnail: r.thumbnail || photos[0]?.src,
    images: photos.map((p) => p.src),
    highlights: header.has('highlights')
      ? jsonCell(first, 'highlights', 'Highlights', '["Pure silk"]', d)
      : tagsOf(r.Tags ?? ''),
    ...(perVariant
      ? { variants: variantsOf(variantRows, columns, productPrice, d) }
      : {
          variants: [],
          stock: r['Variant Inventory Qty'],
          colors: jsonCell(first, 'colors', 'Colors', '["#aa2233"]', d),
          sizes: jsonCell(first, 'sizes', 'Sizes', '[42]', d),
        }),
    colorImages: header.has('colorImages')
      ? jsonCell(first, 'colorImages', 'Colour photos', '[{"color": "#aa2233", "images": ["https://…"]}]', d)
      : colorImagesOf(variantRows, columns),
    sizeUnit: blankToUndefined(r.sizeUnit),
    hsn: r.hsn,
    gstRatePercent: r.gstRatePercent,
    countryOfOrigin: blankToUndefined(r.countryOfOrigin),
    ...(DETAIL_COLUMNS.some((k) => header.has(k)) && {
      details: Object.fromEntries(DETAIL_COLUMNS.map((k) => [k, r[k] ?? ''])),
    }),
    deleted: deletedOf(first, d),
  };
  return d;
}

/** The line a schema issue of a draft's body belongs to: its variant's or photo's row, else the product's. */
export function lineOf(d: ProductDraft, path: readonly PropertyKey[]): number {
  const [field, index] = path;
  if (typeof index === 'number' && field === 'variants') return d.variantLines[index] ?? d.line;
  if (typeof index === 'number' && field === 'images') return d.imageLines[index] ?? d.line;
  return d.line;
}
