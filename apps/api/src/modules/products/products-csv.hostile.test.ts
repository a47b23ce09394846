import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, type ProductImportResult } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, shopper } from '../../../test/commerce.ts';
import { csvForm, newRow, rowsOf, toCsv } from '../../../test/product-csv.ts';
import { snapshot } from '../../../test/security/invariants.ts';
import { products } from './products.table.ts';

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

describe('formulas in the product CSV', () => {
  const TYPED = ['=SUM(1,1) Silk', '+91 Kanjivaram', '-Festive', '@home', "'=odd", "'quoted", 'Mysore Silk'];

  it('puts a quote before a title that would start a spreadsheet formula, and the export imports back to the same titles', async () => {
    for (const title of TYPED) await insertProduct(t.db, { title });
    const csv = await exported();
    expect(rowsOf(csv).map((r) => r.title)).toEqual([
      "'=SUM(1,1) Silk",
      "'+91 Kanjivaram",
      "'-Festive",
      "'@home",
      "''=odd",
      "'quoted",
      'Mysore Silk',
    ]);
    expect(rowsOf(csv).map((r) => r.price)).toEqual(TYPED.map(() => '2499'));

    // Unchanged, the export updates nothing; as new rows it creates products with the titles as typed.
    const before = await snapshot(t.db);
    expect(await imported(csv, 'false')).toEqual({ created: 0, updated: 0, errors: [], dryRun: false });
    expect(await snapshot(t.db)).toEqual(before);
    const copies = toCsv(rowsOf(csv).map((r) => ({ ...r, id: '' })));
    expect(await imported(copies, 'false')).toMatchObject({ created: TYPED.length, errors: [] });
    expect(await titles()).toEqual([...TYPED, ...TYPED]);
  });
});

describe('what the product import refuses', () => {
  it('refuses a file that is not UTF-8 with 400 naming the first line with such bytes, storing nothing', async () => {
    const header = `${PRODUCT_CSV_COLUMNS.join(',')}\n`;
    const good = toCsv([newRow({ title: 'Kora Silk' })]).split('\n')[1]!;
    const latin1 = toCsv([newRow({ title: 'Saree café' })]).split('\n')[1]!;
    const file = Buffer.concat([Buffer.from(`${header}${good}\n`), Buffer.from(`${latin1}\n`, 'latin1')]);
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
    expect(await imported(`${header}${good}\n${latin1}\n`, 'false')).toMatchObject({
      created: 2,
      errors: [],
    });
    expect(await titles()).toEqual(['Kora Silk', 'Saree café']);
  });

  it('refuses a rating or discounted price that is not a finite number on its line, in a dry run and a real import', async () => {
    const csv = toCsv([
      newRow({ rating: 'NaN' }), // line 2
      newRow({ rating: 'Infinity' }), // line 3
      newRow({ discountedPrice: '-Infinity' }), // line 4
      newRow({ rating: '1e400', discountedPrice: 'abc' }), // line 5
      newRow({ rating: '4.5', discountedPrice: '1620' }), // line 6
      newRow(), // line 7
    ]);
    const errors = [
      { line: 2, message: 'Rating must be a number' },
      { line: 3, message: 'Rating must be a number' },
      { line: 4, message: 'Discounted price must be a number' },
      { line: 5, message: 'Discounted price must be a number' },
      { line: 5, message: 'Rating must be a number' },
    ];
    const before = await snapshot(t.db);
    expect(await imported(csv, 'true')).toEqual({ created: 2, updated: 0, errors, dryRun: true });
    expect(await imported(csv, 'false')).toEqual({ created: 0, updated: 0, errors, dryRun: false });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a number cell of only spaces as missing, and a price, discount or stock that is not finite', async () => {
    const p = await insertProduct(t.db, { title: 'Paithani', stock: 4 });
    const [exportedRow] = rowsOf(await exported());
    const csv = toCsv([
      { ...exportedRow, stock: '  ' }, // line 2
      newRow({ discountPercentage: ' ' }), // line 3
      newRow({ price: '1e400', stock: 'Infinity' }), // line 4
      newRow({ price: 'NaN', discountPercentage: '-Infinity' }), // line 5
    ]);
    expect((await imported(csv, 'false')).errors).toEqual([
      { line: 2, message: 'Stock is required' },
      { line: 3, message: 'Discount is required' },
      { line: 4, message: 'Price is required' },
      { line: 4, message: 'Stock is required' },
      { line: 5, message: 'Price is required' },
      { line: 5, message: 'Discount is required' },
    ]);
    const [kept] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(kept!.stock).toBe(4);
    expect(await titles()).toEqual(['Paithani']);
  });
});
