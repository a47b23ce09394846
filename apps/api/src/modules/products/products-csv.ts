import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'csv-parse';
import { asc, gt, inArray, sql } from 'drizzle-orm';
import {
  CANONICAL_POSITIVE_INT_RE,
  MAX_ID,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_HEADER,
  PRODUCT_CSV_OPTIONAL_COLUMNS,
  productImportBodySchema,
  productImportRowSchema,
  type Product,
  type ProductBody,
  type ProductImportResult,
} from '@shop/shared';
import type { Db, Tx } from '../../db/client.ts';
import { csvStream, restore, utf8Text } from '../../lib/csv.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { products, productVariants } from './products.table.ts';
import { toProduct } from './products.queries.ts';
import { productValues, updateProduct } from './products.service.ts';
import { loadVariants, variantRows } from './variants.ts';
import {
  draftOf,
  groupByHandle,
  lineOf,
  productCsvRows,
  type CellRecord,
  type CsvLine,
  type LineError,
} from './product-csv-rows.ts';

const EXPORT_BATCH = 500;
const MAX_IMPORT_ROWS = 20_000;
// Under PostgreSQL's 65,535 parameters a statement: some 25 a product, 8 a variant (at most 100 each).
const CREATE_BATCH = 50;

async function productsAfter(db: Db, after: number, limit: number): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(gt(products.id, after))
    .orderBy(asc(products.id))
    .limit(limit);
  const variants = await loadVariants(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProduct(r, variants.get(r.id)));
}

/** Shopify's product CSV layout, our own columns after its; with a BOM, so spreadsheets read it as UTF-8. */
export function exportProducts(db: Db): Readable {
  async function* rows() {
    for (let after = 0; ;) {
      const batch = await productsAfter(db, after, EXPORT_BATCH);
      for (const p of batch) yield* productCsvRows(p);
      if (batch.length < EXPORT_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }
  return csvStream(rows(), { header: true, columns: [...PRODUCT_CSV_HEADER], bom: true });
}

async function readCsv(text: string): Promise<{ records: CsvLine[]; error?: LineError }> {
  const records: CsvLine[] = [];
  const parser = parse(text, {
    bom: true,
    columns: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: false,
    max_record_size: 100_000,
  });
  let lastLine = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: CellRecord;
      info: { lines: number };
    }>) {
      records.push({ line: lastLine + 1, record });
      lastLine = info.lines;
      if (records.length > MAX_IMPORT_ROWS)
        return {
          records,
          error: {
            line: info.lines,
            message: `Import at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows at a time`,
          },
        };
    }
  } catch (err) {
    const e = err as { lines?: number };
    return { records, error: { line: e.lines ?? lastLine + 1, message: 'This line is not valid CSV' } };
  }
  return { records };
}

/** Without the quote the export put before a formula; trimmed, as Number() reads "  " as 0. */
function cells(record: CellRecord): CellRecord {
  return Object.fromEntries(Object.entries(record).map(([column, value]) => [column, restore(value).trim()]));
}

/** A product the file describes: `id` is the product it updates, none for a new one. */
interface Item {
  line: number;
  id: number | undefined;
  body: ProductBody;
  variantLines: number[];
}

class IdReader {
  private seen = new Set<number>();
  /** Undefined for a new product; null (and an error) for an id that cannot be one of ours. */
  read(text: string, line: number, errors: LineError[]): number | undefined | null {
    if (text === '') return undefined;
    const id = Number(text);
    if (!CANONICAL_POSITIVE_INT_RE.test(text) || id > MAX_ID)
      errors.push({ line, message: 'Product not found' });
    else if (this.seen.has(id)) errors.push({ line, message: 'This product is in the file twice' });
    else {
      this.seen.add(id);
      return id;
    }
    return null;
  }
}

// Not imported, but one that is not a number is still an error.
const FIGURES = [
  ['discountedPrice', 'Discounted price must be a number'],
  ['rating', 'Rating must be a number'],
] as const;

function figureErrors(record: CellRecord): string[] {
  return FIGURES.flatMap(([column, message]) => {
    const v = record[column] ?? '';
    return v === '' || Number.isFinite(Number(v)) ? [] : [message];
  });
}

/** One schema rule can fail on a line for two paths (a SKU twice, say): it is said once. */
function uniqueErrors(errors: LineError[]): LineError[] {
  const byText = new Map(errors.map((e) => [`${e.line} ${e.message}`, e]));
  return [...byText.values()];
}

/** Shopify's layout: the rows of a Handle make one product, checked whole by the create body's schema. */
function readShopifyLayout(lines: CsvLine[], header: ReadonlySet<string>, errors: LineError[]): Item[] {
  const ids = new IdReader();
  return groupByHandle(lines).flatMap((rows) => {
    const d = draftOf(rows, header);
    const id = ids.read(d.id, d.line, d.errors);
    const parsed = d.body === null ? undefined : productImportBodySchema.safeParse(d.body);
    const issues = parsed?.success === false ? parsed.error.issues : [];
    const reported = (path: readonly PropertyKey[]) =>
      [...d.reported].some((p) => path.join('.').startsWith(p));
    const found = uniqueErrors([
      ...d.errors,
      ...figureErrors(rows[0]!.record).map((message) => ({ line: d.line, message })),
      ...issues
        .filter((i) => !reported(i.path))
        .map((i) => ({ line: lineOf(d, i.path), message: i.message })),
    ]);
    errors.push(...found);
    if (!parsed?.success || found.length || id === null) return [];
    return [{ line: d.line, id, body: parsed.data, variantLines: d.variantLines }];
  });
}

function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  const fields = new Set<string>();
  return issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? '');
    if (fields.has(field)) return [];
    fields.add(field);
    return [issue.message];
  });
}

/** The export before stock per variant (issue 28): one row per product, one shared stock. */
function readLegacyLayout(lines: CsvLine[], header: ReadonlySet<string>, errors: LineError[]): Item[] {
  const missing = PRODUCT_CSV_COLUMNS.filter(
    (c) => !PRODUCT_CSV_OPTIONAL_COLUMNS.includes(c) && !header.has(c),
  );
  if (missing.length)
    throw badRequest(`The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const ids = new IdReader();
  return lines.flatMap(({ line, record }) => {
    const id = ids.read(record.id ?? '', line, errors);
    const parsed = productImportRowSchema.safeParse(record);
    const bad = [...(parsed.success ? [] : fieldMessages(parsed.error.issues)), ...figureErrors(record)];
    errors.push(...bad.map((message) => ({ line, message })));
    if (!parsed.success || bad.length || id === null) return [];
    return [{ line, id, body: parsed.data, variantLines: [] }];
  });
}

/** What the body would set, as the product shows it now (the variants without their ids and prices paid). */
function changes(p: Product, body: ProductBody): boolean {
  const now: Record<string, unknown> = {
    ...p,
    variants: p.variants.map(({ color, size, sku, price, stock }) => ({ color, size, sku, price, stock })),
  };
  // Without variants the service keeps a product's stock per variant, whatever the row's stock says.
  const kept = body.variants === undefined && p.variants.length > 0 ? ['stock', 'colors', 'sizes'] : [];
  return Object.entries(body).some(
    ([k, v]) => v !== undefined && !kept.includes(k) && !isDeepStrictEqual(now[k], v),
  );
}

async function productsByIds(db: Db, ids: number[]): Promise<Map<number, Product>> {
  const found = new Map<number, Product>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select()
      .from(products)
      .where(inArray(products.id, ids.slice(i, i + 5000)));
    const variants = await loadVariants(
      db,
      rows.map((r) => r.id),
    );
    for (const r of rows) found.set(r.id, toProduct(r, variants.get(r.id)));
  }
  return found;
}

/** A SKU is one variant's in the whole shop: twice in the file, or another product's that the file leaves. */
async function skuErrors(db: Db, items: Item[]): Promise<LineError[]> {
  const errors: LineError[] = [];
  const lineOfSku = new Map<string, { line: number; item: Item }>();
  for (const item of items)
    (item.body.variants ?? []).forEach((v, i) => {
      if (v.sku === null) return;
      const line = item.variantLines[i]!;
      const other = lineOfSku.get(v.sku.toLowerCase());
      if (other && other.item !== item) errors.push({ line, message: `SKU ${v.sku} is used twice` });
      else lineOfSku.set(v.sku.toLowerCase(), { line, item });
    });
  const skus = [...lineOfSku.keys()];
  const inFile = new Set(items.flatMap((i) => (i.id === undefined ? [] : [i.id])));
  for (let i = 0; i < skus.length; i += 5000) {
    const taken = await db
      .select({ productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .where(sql`lower(${productVariants.sku}) = any(${sql.param(skus.slice(i, i + 5000))}::text[])`);
    for (const t of taken) {
      const use = lineOfSku.get(t.sku!.toLowerCase())!;
      if (!inFile.has(t.productId))
        errors.push({ line: use.line, message: `SKU ${t.sku} is already used by another product` });
    }
  }
  return errors;
}

/**
 * New products a batch at a time, by the service's own productValues (a product a statement would take
 * a 10,000-row file past 10 s); the SKUs were checked above. PostgreSQL returns the ids of a VALUES list
 * in its order.
 */
async function createMany(tx: Tx, items: Item[]): Promise<void> {
  // Identities are given in the order of the rows.
  const rows = (
    await tx
      .insert(products)
      .values(items.map((c) => ({ ...productValues(c.body), rating: 0 })))
      .returning({ id: products.id })
  ).sort((a, b) => a.id - b.id);
  const variants = rows.flatMap(({ id }, i) => variantRows(id, items[i]!.body.variants ?? []));
  if (variants.length) await tx.insert(productVariants).values(variants);
}

class RowFailure extends Error {
  constructor(readonly error: LineError) {
    super(error.message);
  }
}

/** A refusal of the service names the product's line. */
async function atLine<T>(line: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof HttpError) throw new RowFailure({ line, message: err.message });
    throw err;
  }
}

/**
 * All or nothing: one bad row and nothing is written. A product is updated by the service, as the admin
 * form's would be, and created by its productValues; an unchanged export imports as 0 updates.
 */
export async function importProducts(
  db: Db,
  file: Uint8Array,
  dryRun: boolean,
): Promise<ProductImportResult> {
  if (file.includes(0)) throw badRequest('The file is not a CSV text file');
  const { records, error } = await readCsv(utf8Text(file));
  const errors: LineError[] = error ? [error] : [];
  if (records.length === 0 && !error) throw badRequest('The file has no product rows');
  const header = new Set(records[0] ? Object.keys(records[0].record) : []);
  const lines = records.map((r) => ({ line: r.line, record: cells(r.record) }));
  const shopifyLayout = header.has('Handle') || header.has('Title');
  if (shopifyLayout && !(header.has('Handle') && header.has('Title')))
    throw badRequest(`The file lacks the column ${header.has('Handle') ? 'Title' : 'Handle'}`);
  const items = records.length
    ? (shopifyLayout ? readShopifyLayout : readLegacyLayout)(lines, header, errors)
    : [];

  const existing = await productsByIds(
    db,
    items.flatMap((r) => (r.id === undefined ? [] : [r.id])),
  );
  const creates = items.filter((r) => r.id === undefined);
  const updates: (Item & { id: number })[] = [];
  for (const r of items) {
    if (r.id === undefined) continue;
    const p = existing.get(r.id);
    if (!p) errors.push({ line: r.line, message: 'Product not found' });
    else if (changes(p, r.body)) updates.push({ ...r, id: r.id });
  }
  errors.push(...(await skuErrors(db, items)));
  errors.sort((a, b) => a.line - b.line);
  if (dryRun || errors.length)
    return { created: dryRun ? creates.length : 0, updated: dryRun ? updates.length : 0, errors, dryRun };

  try {
    // Updates first: a SKU a product of the file gives up is free for a new one.
    await db.transaction(async (tx) => {
      for (const u of updates) await atLine(u.line, () => updateProduct(tx, u.id, u.body));
      for (let i = 0; i < creates.length; i += CREATE_BATCH)
        await createMany(tx, creates.slice(i, i + CREATE_BATCH));
    });
  } catch (err) {
    if (err instanceof RowFailure) return { created: 0, updated: 0, errors: [err.error], dryRun };
    throw err;
  }
  return { created: creates.length, updated: updates.length, errors, dryRun };
}
