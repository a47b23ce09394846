import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_HEADER, productBodySchema, type ProductImportResult } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, shopper } from '../../../test/commerce.ts';
import { csvForm, rowsOf } from '../../../test/product-csv.ts';
import { csvOf, productRow, variantRow } from '../../../test/shopify-csv.ts';
import { snapshot } from '../../../test/security/invariants.ts';
import { products } from './products.table.ts';
import { createProduct } from './products.service.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
});

const post = (file: Buffer | string, dryRun: string) => {
  const f = csvForm(file, dryRun);
  return t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { cookie: admin, ...f.headers },
    payload: f.payload,
  });
};
const imported = async (file: string, dryRun: string) => {
  const res = await post(file, dryRun);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductImportResult>();
};
const exported = async () => {
  const res = await t.app.inject({ url: '/api/products/export', headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

const titles = async () =>
  (await t.db.select({ title: products.title }).from(products).orderBy(asc(products.id))).map((p) => p.title);

/** The file is refused on the lines given, in a dry run and for real, and the shop is as it was. */
async function refused(csv: string, errors: { line: number; message: string }[]) {
  const before = await snapshot(t.db);
  for (const dryRun of ['true', 'false']) expect((await imported(csv, dryRun)).errors).toEqual(errors);
  expect(await snapshot(t.db)).toEqual(before);
}

describe('formulas in the product CSV', () => {
  const TYPED = ['=SUM(1,1) Silk', '+91 Kanjivaram', '-Festive', '@home', "'=odd", "'quoted", 'Mysore Silk'];

  it('puts a quote before a title that would start a spreadsheet formula, and the export imports back to the same titles', async () => {
    for (const title of TYPED) await insertProduct(t.db, { title });
    const csv = await exported();
    const firstRows = rowsOf(csv).filter((r) => r.id !== '');
    expect(firstRows.map((r) => r.Title)).toEqual([
      "'=SUM(1,1) Silk",
      "'+91 Kanjivaram",
      "'-Festive",
      "'@home",
      "''=odd",
      "'quoted",
      'Mysore Silk',
    ]);
    expect(firstRows.map((r) => r['Variant Compare At Price'])).toEqual(TYPED.map(() => '2499'));

    // Unchanged, the export updates nothing; as new products it creates them with the titles as typed.
    const before = await snapshot(t.db);
    expect(await imported(csv, 'false')).toEqual({ created: 0, updated: 0, errors: [], dryRun: false });
    expect(await snapshot(t.db)).toEqual(before);
    const copies = csvOf(rowsOf(csv).map((r) => ({ ...r, id: '', Handle: `copy-${r.Handle}` })));
    expect(await imported(copies, 'false')).toMatchObject({ created: TYPED.length, errors: [] });
    expect(await titles()).toEqual([...TYPED, ...TYPED]);
  });

  it('puts a quote before a formula in a variant’s cells too, and reads it back as typed', async () => {
    await imported(csvOf([productRow({ 'Body (HTML)': '=HYPERLINK("http://evil.example")' })]), 'false');
    const [row] = rowsOf(await exported());
    expect(row!['Body (HTML)']).toBe('\'=HYPERLINK("http://evil.example")');
    const [p] = await t.db.select().from(products);
    expect(p!.description).toBe('=HYPERLINK("http://evil.example")');
  });
});

describe('what the product import refuses', () => {
  it('refuses a variant row whose handle has no product row, on its line', async () => {
    await refused(csvOf([productRow(), variantRow({ Handle: 'no-such-kurta' }), variantRow()]), [
      { line: 3, message: "No row of handle no-such-kurta has a Title: a product's first row needs one" },
    ]);
  });

  it('refuses a colour and size listed twice, and "S" beside "s", on the second one’s line', async () => {
    await refused(csvOf([productRow(), variantRow(), variantRow({ 'Option2 Value': 'm' })]), [
      { line: 4, message: 'M in #aa2233 is listed twice' },
    ]);
  });

  it('refuses a SKU twice in a product, twice in the file, or already another product’s', async () => {
    await createProduct(
      t.db,
      productBodySchema.parse({
        title: 'Kept',
        description: 'x',
        brand: 'b',
        category: 'kurtas',
        price: 999,
        discountPercentage: 0,
        thumbnail: 'https://example.com/k.webp',
        images: ['https://example.com/k.webp'],
        highlights: ['h'],
        variants: [{ color: '#000000', size: 'S', sku: 'TAKEN-1', price: null, stock: 1 }],
      }),
    );
    await refused(
      csvOf([
        productRow({ 'Variant SKU': 'IK-1' }), // line 2
        variantRow({ 'Variant SKU': 'ik-1' }), // line 3
        productRow({ Handle: 'b', 'Variant SKU': 'B-1' }), // line 4
        productRow({ Handle: 'c', 'Variant SKU': 'b-1' }), // line 5
        productRow({ Handle: 'd', 'Variant SKU': 'taken-1' }), // line 6
      ]),
      [
        { line: 3, message: 'SKU ik-1 is used twice' },
        { line: 5, message: 'SKU b-1 is used twice' },
        { line: 6, message: 'SKU TAKEN-1 is already used by another product' },
      ],
    );
  });

  it('refuses a negative, fractional or absent stock and a price that is not a number, on their lines', async () => {
    await refused(
      csvOf([
        productRow({ 'Variant Inventory Qty': '-1' }), // line 2
        variantRow({ 'Variant Inventory Qty': '1.5' }), // line 3
        variantRow({ 'Option2 Value': 'L', 'Variant Inventory Qty': '  ' }), // line 4
        variantRow({ 'Option2 Value': 'XL', 'Variant Compare At Price': 'Infinity' }), // line 5
        productRow({
          Handle: 'b',
          'Option1 Name': 'Title',
          'Option1 Value': 'Default Title',
          'Option2 Name': '',
          'Option2 Value': '',
          colors: '["#aa2233"]',
          sizes: '[42]',
          'Variant Inventory Qty': '-3',
        }), // line 6
      ]),
      [
        { line: 2, message: 'Stock cannot be negative' },
        { line: 3, message: 'Stock must be a whole number' },
        { line: 4, message: 'Variant stock is required' },
        { line: 5, message: 'Variant price is a whole number of rupees' },
        { line: 6, message: 'Stock cannot be negative' },
      ],
    );
  });

  it('refuses a rating that is not a finite number on its line', async () => {
    await refused(csvOf([productRow({ rating: 'NaN' }), productRow({ Handle: 'b', rating: '4.5' })]), [
      { line: 2, message: 'Rating must be a number' },
    ]);
  });

  it('refuses an id that is not a product, or one product twice', async () => {
    const p = await insertProduct(t.db, { title: 'Paithani', stock: 4 });
    await refused(
      csvOf([
        productRow({ id: String(p.id) }),
        productRow({ Handle: 'b', id: String(p.id) }),
        productRow({ Handle: 'c', id: '1e3' }),
      ]),
      [
        { line: 3, message: 'This product is in the file twice' },
        { line: 4, message: 'Product not found' },
      ],
    );
    const [kept] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(kept!.stock).toBe(4);
  });

  it('refuses a file that is not UTF-8 with 400 naming the first line with such bytes, storing nothing', async () => {
    const [header, good] = csvOf([productRow({ Title: 'Kora Silk' })]).split('\n');
    const latin1 = csvOf([productRow({ Handle: 'b', Title: 'Saree café' })]).split('\n')[1]!;
    const file = Buffer.concat([Buffer.from(`${header}\n${good}\n`), Buffer.from(`${latin1}\n`, 'latin1')]);
    const before = await snapshot(t.db);
    for (const dryRun of ['true', 'false']) {
      const res = await post(file, dryRun);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { message: 'Line 3 is not UTF-8 text: save the file as CSV UTF-8' },
      ]);
    }
    expect(await snapshot(t.db)).toEqual(before);

    // The same file saved as UTF-8 imports with its accent.
    expect(await imported(`${header}\n${good}\n${latin1}\n`, 'false')).toMatchObject({
      created: 2,
      errors: [],
    });
    expect(await titles()).toEqual(['Kora Silk', 'Saree café']);
  });

  it('refuses a file of 10 MB or more with 413, and more than 20,000 rows on the row past them', async () => {
    const before = await snapshot(t.db);
    const huge = await post(Buffer.alloc(10_485_761, 'a'), 'true');
    expect([huge.statusCode, huge.json()]).toEqual([413, { message: 'The file must be under 10 MB' }]);
    const row = `x${','.repeat(PRODUCT_CSV_HEADER.length - 1)}\n`;
    const many = `${PRODUCT_CSV_HEADER.join(',')}\n${row.repeat(20_001)}`;
    expect((await imported(many, 'false')).errors).toContainEqual({
      line: 20_002,
      message: 'Import at most 20,000 rows at a time',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
