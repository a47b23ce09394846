import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { asc, gt, inArray, sql } from 'drizzle-orm';
import {
  CANONICAL_POSITIVE_INT_RE,
  MAX_ID,
  paiseToRupees,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_OPTIONAL_COLUMNS,
  productImportRowSchema,
  type ProductImportResult,
  type ProductImportRow,
} from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { csvStream, restore, utf8Text, type CsvCell } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { products } from './products.table.ts';
import { productValues } from './products.service.ts';
import type { ProductRecord } from './products.queries.ts';

const EXPORT_BATCH = 1000;
const WRITE_BATCH = 2000;
const MAX_IMPORT_ROWS = 20_000;

function csvRow(p: ProductRecord): Record<(typeof PRODUCT_CSV_COLUMNS)[number], CsvCell> {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    brand: p.brand,
    category: p.category,
    price: paiseToRupees(p.pricePaise),
    discountPercentage: p.discountPercentage,
    discountedPrice: paiseToRupees(p.discountedPricePaise),
    rating: p.rating,
    stock: p.stock,
    thumbnail: p.thumbnail,
    images: JSON.stringify(p.images),
    colors: JSON.stringify(p.colors),
    sizes: JSON.stringify(p.sizes),
    highlights: JSON.stringify(p.highlights),
    hsn: p.hsn ?? '',
    gstRatePercent: p.gstRatePercent ?? '',
    countryOfOrigin: p.countryOfOrigin,
    deleted: p.deleted,
  };
}

/** With a BOM, so spreadsheets read it as UTF-8. */
export function exportProducts(db: Db): Readable {
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(products)
        .where(gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(EXPORT_BATCH);
      for (const p of batch) yield csvRow(p);
      if (batch.length < EXPORT_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }
  return csvStream(rows(), { header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true });
}

interface ParsedRow {
  line: number;
  id: number | undefined;
  body: ProductImportRow;
}

async function readCsv(
  text: string,
): Promise<{
  records: { line: number; record: Record<string, string> }[];
  error?: { line: number; message: string };
}> {
  const records: { line: number; record: Record<string, string> }[] = [];
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
      record: Record<string, string>;
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
    const e = err as { lines?: number; message?: string };
    return { records, error: { line: e.lines ?? lastLine + 1, message: 'This line is not valid CSV' } };
  }
  return { records };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Values = ReturnType<typeof productValues>;
const changed = (row: ProductRecord, v: Values) =>
  (Object.keys(v) as (keyof Values)[]).some((k) => !same(row[k], v[k]));

// Trimmed: Number() reads a cell of only spaces as 0.
const NUMBER_COLUMNS = ['price', 'discountPercentage', 'discountedPrice', 'rating', 'stock', 'gstRatePercent'];

function cells(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, value] of Object.entries(record))
    out[column] = NUMBER_COLUMNS.includes(column) ? restore(value).trim() : restore(value);
  return out;
}

// Not imported, but one that is not a number is still an error.
const SERVER_FIGURES = [
  ['discountedPrice', 'Discounted price must be a number'],
  ['rating', 'Rating must be a number'],
] as const;

function figureErrors(record: Record<string, string>): string[] {
  return SERVER_FIGURES.flatMap(([column, message]) => {
    const v = record[column] ?? '';
    return v === '' || Number.isFinite(Number(v)) ? [] : [message];
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

/** All or nothing: one bad row and nothing is written. An unchanged export imports as 0 updates. */
export async function importProducts(db: Db, file: Uint8Array, dryRun: boolean): Promise<ProductImportResult> {
  if (file.includes(0)) throw badRequest('The file is not a CSV text file');
  const { records, error } = await readCsv(utf8Text(file));
  const errors: { line: number; message: string }[] = error ? [error] : [];
  if (records.length === 0 && !error) throw badRequest('The file has no product rows');
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = PRODUCT_CSV_COLUMNS.filter(
    (c) => !PRODUCT_CSV_OPTIONAL_COLUMNS.includes(c) && !header.includes(c),
  );
  if (records.length && missing.length)
    throw badRequest(`The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);

  const rows: ParsedRow[] = [];
  const seen = new Set<number>();
  for (const { line, record: raw } of records) {
    const record = cells(raw);
    let id: number | undefined;
    const rawId = (record.id ?? '').trim();
    if (rawId !== '') {
      if (!CANONICAL_POSITIVE_INT_RE.test(rawId) || Number(rawId) > MAX_ID)
        errors.push({ line, message: 'Product not found' });
      else if (seen.has(Number(rawId))) errors.push({ line, message: 'This product is in the file twice' });
      else seen.add((id = Number(rawId)));
    }
    const parsed = productImportRowSchema.safeParse(record);
    const bad = [...(parsed.success ? [] : fieldMessages(parsed.error.issues)), ...figureErrors(record)];
    for (const message of bad) errors.push({ line, message });
    if (!parsed.success || bad.length) continue;
    rows.push({ line, id, body: parsed.data });
  }

  const existing = new Map<number, ProductRecord>();
  const ids = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  for (let i = 0; i < ids.length; i += 5000) {
    for (const p of await db
      .select()
      .from(products)
      .where(inArray(products.id, ids.slice(i, i + 5000))))
      existing.set(p.id, p);
  }
  const creates: Values[] = [];
  const updates: (Values & { id: number })[] = [];
  for (const r of rows) {
    const v = productValues(r.body);
    if (r.id === undefined) creates.push(v);
    else if (!existing.has(r.id)) errors.push({ line: r.line, message: 'Product not found' });
    else if (changed(existing.get(r.id)!, v)) updates.push({ ...v, id: r.id });
  }
  errors.sort((a, b) => a.line - b.line);
  if (dryRun || errors.length)
    return { created: dryRun ? creates.length : 0, updated: dryRun ? updates.length : 0, errors, dryRun };

  await db.transaction(async (tx) => {
    for (let i = 0; i < creates.length; i += WRITE_BATCH)
      await insertMany(tx, creates.slice(i, i + WRITE_BATCH));
    for (let i = 0; i < updates.length; i += WRITE_BATCH)
      await updateMany(tx, updates.slice(i, i + WRITE_BATCH));
  });
  return { created: creates.length, updated: updates.length, errors, dryRun };
}

const RECORD = sql`x(id integer, title text, description text, brand text, category text, "pricePaise" integer,
      "discountPercentage" double precision, "discountedPricePaise" integer, stock integer, thumbnail text,
      images jsonb, colors jsonb, sizes jsonb, highlights jsonb, hsn text, "gstRatePercent" integer, "countryOfOrigin" text, deleted boolean)`;

// The rows as one JSON parameter: a bound value per field costs more to send and plan.
async function insertMany(tx: DbOrTx, rows: Values[]): Promise<void> {
  await tx.execute(sql`
    insert into ${products} (title, description, brand, category, price_paise, discount_percentage, discounted_price_paise,
      rating, stock, thumbnail, images, colors, sizes, highlights, hsn, gst_rate_percent, country_of_origin, deleted)
    select x.title, x.description, x.brand, x.category, x."pricePaise", x."discountPercentage", x."discountedPricePaise",
      0, x.stock, x.thumbnail, x.images, x.colors, x.sizes, x.highlights, x.hsn, x."gstRatePercent", x."countryOfOrigin", x.deleted
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${RECORD}`);
}

async function updateMany(tx: DbOrTx, rows: (Values & { id: number })[]): Promise<void> {
  await tx.execute(sql`
    update ${products} set
      title = x.title, description = x.description, brand = x.brand, category = x.category,
      price_paise = x."pricePaise", discount_percentage = x."discountPercentage",
      discounted_price_paise = x."discountedPricePaise", stock = x.stock, thumbnail = x.thumbnail,
      images = x.images, colors = x.colors, sizes = x.sizes, highlights = x.highlights,
      hsn = x.hsn, gst_rate_percent = x."gstRatePercent", country_of_origin = x."countryOfOrigin",
      deleted = x.deleted, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${RECORD}
    where ${products.id} = x.id`);
}
