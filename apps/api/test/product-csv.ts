import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_CSV_COLUMNS } from '@shop/shared';

/** A multipart body with the file in `file` and, when given, a `dryRun` field, as the admin page sends it. */
export function csvForm(file: Buffer | string, dryRun?: string) {
  const b = `----csv${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(dryRun === undefined ? '' : `--${b}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n`),
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.isBuffer(file) ? file : Buffer.from(file),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

export const rowsOf = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
export const toCsv = (rows: Record<string, unknown>[]) => stringify(rows, { header: true, columns: [...PRODUCT_CSV_COLUMNS] });

/** A valid product row of the CSV, with `fields` over it. */
export const newRow = (fields: Record<string, unknown> = {}) => ({
  id: '',
  title: 'Imported Ilkal Saree',
  description: 'Cotton body, silk pallu',
  brand: 'Ilkal Weavers',
  category: 'sarees',
  price: '1800',
  discountPercentage: '10',
  discountedPrice: '',
  rating: '',
  stock: '7',
  thumbnail: 'https://example.com/ilkal.webp',
  images: '["https://example.com/1.webp","https://example.com/2.webp","https://example.com/3.webp","https://example.com/ilkal.webp"]',
  colors: '["#aa2233"]',
  sizes: '[42]',
  highlights: '["Cotton","Silk pallu","Handloom","Blouse piece"]',
  deleted: 'false',
  ...fields,
});
