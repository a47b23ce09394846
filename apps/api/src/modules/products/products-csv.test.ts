import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, type ProductImportResult } from '@shop/shared';
import { createTestApp, testDbKind, type TestApp } from '../../../test/app.ts';
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

const exportCsv = async () => {
  const res = await t.app.inject({ url: '/api/products/export', headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res;
};
const importCsv = async (csv: string, dryRun = 'false') => {
  const f = csvForm(csv, dryRun);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { cookie: admin, ...f.headers },
    payload: f.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductImportResult>();
};

describe('the product CSV', () => {
  it('exports every product, deleted ones too, as UTF-8 CSV with a header of the API’s field names and rupees as numbers', async () => {
    const silk = await insertProduct(t.db, {
      title: 'Mysore Silk, “Royal”',
      price: 2499.5,
      discountPercentage: 10,
      stock: 0,
    });
    await insertProduct(t.db, { title: 'Old Tussar', deleted: true });
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(
      res.body.startsWith(
        '\uFEFFid,title,description,brand,category,price,discountPercentage,discountedPrice,rating,stock,thumbnail,images,colors,sizes,highlights,hsn,gstRatePercent,countryOfOrigin,deleted\n',
      ),
    ).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: String(silk.id),
      title: 'Mysore Silk, “Royal”',
      price: '2499.5',
      discountPercentage: '10',
      discountedPrice: '2250',
      stock: '0',
      colors: '["#aa2233","#112233"]',
      sizes: '[42,44]',
      hsn: '',
      gstRatePercent: '',
      countryOfOrigin: 'India',
      deleted: 'false',
    });
    expect(rows[1]!.deleted).toBe('true');
  });

  it('imports its own export unchanged as nothing created and nothing updated, changing nothing', async () => {
    await insertProduct(t.db, { title: 'Chanderi', stock: 0 });
    await insertProduct(t.db, { title: 'Kota Doria', deleted: true });
    const before = await snapshot(t.db);
    expect(await importCsv((await exportCsv()).body)).toEqual({
      created: 0,
      updated: 0,
      errors: [],
      dryRun: false,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('updates the rows with an id and creates the rows without, computing the discounted price', async () => {
    const p = await insertProduct(t.db, { title: 'Paithani', price: 9000, stock: 3 });
    const rows = rowsOf((await exportCsv()).body);
    rows[0]!.price = '10000';
    rows[0]!.stock = '12';
    const result = await importCsv(toCsv([...rows, newRow()]));
    expect(result).toEqual({ created: 1, updated: 1, errors: [], dryRun: false });
    const [updated] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(updated).toMatchObject({
      pricePaise: 1_000_000,
      discountedPricePaise: 900_000,
      stock: 12,
      rating: p.rating,
    });
    const [created] = await t.db.select().from(products).where(eq(products.title, 'Imported Ilkal Saree'));
    expect(created).toMatchObject({
      pricePaise: 180_000,
      discountedPricePaise: 162_000,
      stock: 7,
      rating: 0,
      colors: ['#aa2233'],
      sizes: [42],
    });
  });

  it('reports every bad field with its CSV line and validation message, counting lines inside quoted text', async () => {
    const p = await insertProduct(t.db, { title: 'Paithani' });
    const csv = toCsv([
      newRow({ description: 'Two\nlines' }), // line 2–3
      newRow({ title: '', price: '0' }), // line 4
      newRow({ discountPercentage: '150', stock: '' }), // line 5
      newRow({ id: String(p.id), highlights: '["only one"]', colors: '[]' }), // line 6
      newRow({ id: '999999' }), // line 7
      newRow({ thumbnail: 'ftp://nope', sizes: 'forty-two' }), // line 8
    ]);
    const result = await importCsv(csv, 'true');
    expect(result.errors).toEqual([
      { line: 4, message: 'Name is required' },
      { line: 4, message: 'Price must be at least 1' },
      { line: 5, message: 'Discount must be between 0 and 100' },
      { line: 5, message: 'Stock is required' },
      { line: 6, message: 'Add 4 highlights' },
      { line: 6, message: 'Add at least one color' },
      { line: 7, message: 'Product not found' },
      { line: 8, message: 'Thumbnail is not a valid image URL' },
      { line: 8, message: 'Sizes must be a list like ["a", "b"]' },
    ]);
    expect(result).toMatchObject({ created: 1, updated: 0 });
  });

  it('changes nothing on a dry run, and says what it would do', async () => {
    await insertProduct(t.db, { title: 'Paithani' });
    const rows = rowsOf((await exportCsv()).body);
    rows[0]!.title = 'Paithani Silk';
    const before = await snapshot(t.db);
    expect(await importCsv(toCsv([...rows, newRow(), newRow({ title: 'Second New' })]), 'true')).toEqual({
      created: 2,
      updated: 1,
      errors: [],
      dryRun: true,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is all or nothing: one bad row and no row is written', async () => {
    await insertProduct(t.db, { title: 'Paithani' });
    const rows = rowsOf((await exportCsv()).body);
    rows[0]!.stock = '99';
    const before = await snapshot(t.db);
    const result = await importCsv(toCsv([...rows, newRow(), newRow({ brand: '' })]));
    expect(result).toEqual({
      created: 0,
      updated: 0,
      errors: [{ line: 4, message: 'Brand is required' }],
      dryRun: false,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses what is not a product CSV with 400 and a message, and is for admins only', async () => {
    const cases: [string, string][] = [
      ['', 'Choose a CSV file to import'],
      [`${PRODUCT_CSV_COLUMNS.join(',')}\n`, 'The file has no product rows'],
      [
        'id,title\n1,x\n',
        'The file lacks the columns description, brand, category, price, discountPercentage, stock, thumbnail, images, colors, sizes, highlights, deleted',
      ],
    ];
    for (const [csv, message] of cases) {
      const f = csvForm(csv, 'true');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        headers: { cookie: admin, ...f.headers },
        payload: f.payload,
      });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    const broken = await importCsv(`${PRODUCT_CSV_COLUMNS.join(',')}\n"unclosed,quote\n`, 'true');
    expect(broken.errors).toEqual([{ line: 2, message: 'This line is not valid CSV' }]);
    const user = await shopper(t.db);
    const f = csvForm(toCsv([newRow()]), 'false');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/products/import',
          headers: { cookie: user.cookie, ...f.headers },
          payload: f.payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/products/export', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
  });

  it('imports 10,000 new rows within 10 seconds on PostgreSQL, and exports them again', async () => {
    const csv = toCsv(
      Array.from({ length: 10_000 }, (_, i) =>
        newRow({ title: `Bulk Saree ${i}`, stock: String(1 + (i % 50)) }),
      ),
    );
    const started = performance.now();
    const result = await importCsv(csv);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `product import on ${testDbKind}: 10,000 rows (${(csv.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(2)} s`,
    );
    expect(result).toEqual({ created: 10_000, updated: 0, errors: [], dryRun: false });
    if (testDbKind === 'postgres') expect(seconds).toBeLessThanOrEqual(10);
    const again = performance.now();
    expect(rowsOf((await exportCsv()).body)).toHaveLength(10_000);
    console.log(
      `product export on ${testDbKind}: 10,000 rows in ${((performance.now() - again) / 1000).toFixed(2)} s`,
    );
  }, 120_000);
});
