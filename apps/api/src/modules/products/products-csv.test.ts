import { readFileSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_HEADER, productBodySchema, type Product, type ProductImportResult } from '@shop/shared';
import { createTestApp, testDbKind, type TestApp } from '../../../test/app.ts';
import { shopper } from '../../../test/commerce.ts';
import { csvForm, newRow, rowsOf, toCsv } from '../../../test/product-csv.ts';
import { csvOf, productRow, variantRow } from '../../../test/shopify-csv.ts';
import { snapshot } from '../../../test/security/invariants.ts';
import { products } from './products.table.ts';
import { toProduct } from './products.queries.ts';
import { createProduct } from './products.service.ts';
import { loadVariants } from './variants.ts';

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

const allProducts = async (): Promise<Product[]> => {
  const rows = await t.db.select().from(products).orderBy(asc(products.id));
  const variants = await loadVariants(
    t.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProduct(r, variants.get(r.id)));
};
/** A product as the shop shows it, without what a database gives it (ids). */
const content = ({ id: _id, breadcrumbs: _b, variants, ...p }: Product) => ({
  ...p,
  variants: variants.map(({ id: _v, ...v }) => v),
});

const photo = (name: string) => `https://example.com/${name}.webp`;
const base = {
  description: 'Handwoven silk with zari border',
  brand: 'Kanjivaram House',
  category: 'sarees',
  price: 2499.5,
  discountPercentage: 10,
  thumbnail: photo('thumb'),
  highlights: ['Pure silk', 'Zari border'],
};

/** One product of one shared stock, one of 2 colours × 2 sizes with stocks 1, 0, 3, 2. */
async function twoProducts() {
  const shared = await createProduct(
    t.db,
    productBodySchema.parse({
      ...base,
      title: 'Mysore Silk, “Royal”',
      stock: 4,
      colors: ['#aa2233'],
      sizes: [5.5],
      images: [photo('m1'), photo('thumb')],
      sizeUnit: 'm',
      hsn: '5007',
      gstRatePercent: 5,
      details: { fabric: 'Mysore silk', lengthMetres: 5.5, blousePiece: 'running', blousePieceMetres: 0.8 },
    }),
  );
  const range = await createProduct(
    t.db,
    productBodySchema.parse({
      ...base,
      title: 'Chanderi Kurta',
      category: 'kurtas',
      images: [photo('k1'), photo('k2'), photo('k3'), photo('k4'), photo('k5')],
      variants: [
        { color: '#aa2233', size: 'S', sku: 'CK-RED-S', price: null, stock: 1 },
        { color: '#aa2233', size: 'M', sku: 'CK-RED-M', price: 2999, stock: 0 },
        { color: '#112233', size: 'S', sku: 'CK-NAVY-S', price: null, stock: 3 },
        { color: '#112233', size: 'M', sku: null, price: null, stock: 2 },
      ],
      colorImages: [
        { color: '#aa2233', images: [photo('red1'), photo('red2')] },
        { color: '#112233', images: [photo('navy1')] },
      ],
      details: {
        fabric: 'Chanderi',
        work: 'Zari buti',
        occasion: 'Festive',
        washCare: 'Dry clean only',
        manufacturer: 'Chanderi Looms, MP',
      },
      deleted: true,
    }),
  );
  return { shared, range };
}

describe('the product CSV', () => {
  it('exports one row per variant in Shopify’s layout, the product’s columns on its first row and photos filling the rows', async () => {
    const { shared, range } = await twoProducts();
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.body.startsWith(`\uFEFF${PRODUCT_CSV_HEADER.join(',')}\n`)).toBe(true);
    expect(PRODUCT_CSV_HEADER.slice(0, 4)).toEqual(['Handle', 'Title', 'Body (HTML)', 'Vendor']);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.Handle)).toEqual([
      `mysore-silk-royal-${shared.id}`,
      `mysore-silk-royal-${shared.id}`,
      ...Array(5).fill(`chanderi-kurta-${range.id}`),
    ]);
    expect(rows[0]).toMatchObject({
      id: String(shared.id),
      Title: 'Mysore Silk, “Royal”',
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Variant Inventory Qty': '4',
      'Variant Price': '2250',
      'Variant Compare At Price': '2499.5',
      price: '',
      discountPercentage: '10',
      colors: '["#aa2233"]',
      sizes: '[5.5]',
      sizeUnit: 'm',
      lengthMetres: '5.5',
      blousePiece: 'running',
      Status: 'active',
      Published: 'TRUE',
    });
    expect(rows[1]).toMatchObject({
      Title: '',
      'Image Src': photo('thumb'),
      'Image Position': '2',
      'Variant Inventory Qty': '',
    });
    expect(
      rows
        .slice(2)
        .map((r) => [
          r['Option1 Value'],
          r['Option2 Value'],
          r['Variant SKU'],
          r['Variant Inventory Qty'],
          r['Variant Price'],
          r['Variant Compare At Price'],
          r['Variant Image'],
        ]),
    ).toEqual([
      ['#aa2233', 'S', 'CK-RED-S', '1', '2250', '2499.5', photo('red1')],
      ['#aa2233', 'M', 'CK-RED-M', '0', '2699', '2999', photo('red1')],
      ['#112233', 'S', 'CK-NAVY-S', '3', '2250', '2499.5', photo('navy1')],
      ['#112233', 'M', '', '2', '2250', '2499.5', photo('navy1')],
      ['', '', '', '', '', '', ''],
    ]);
    expect(rows[2]).toMatchObject({
      'Option1 Name': 'Color',
      'Option2 Name': 'Size',
      Status: 'archived',
      Published: 'FALSE',
      colors: '',
      sizes: '',
    });
    expect(rows.slice(2).map((r) => r['Image Src'])).toEqual([1, 2, 3, 4, 5].map((n) => photo(`k${n}`)));
  });

  it('round-trips: the export imports unchanged as nothing changed, and into an empty shop as the same products', async () => {
    await twoProducts();
    const before = await snapshot(t.db);
    const shop = (await allProducts()).map(content);
    expect(shop[1]!.stock).toBe(6);
    const csv = (await exportCsv()).body;
    expect(await importCsv(csv)).toEqual({ created: 0, updated: 0, errors: [], dryRun: false });
    expect(await snapshot(t.db)).toEqual(before);

    await t.reset();
    admin = (await shopper(t.db, 'admin')).cookie;
    const copies = csvOf(rowsOf(csv).map((r) => ({ ...r, id: '' })));
    expect(await importCsv(copies)).toEqual({ created: 2, updated: 0, errors: [], dryRun: false });
    expect((await allProducts()).map(content)).toEqual(shop);
  });

  it('keeps the product’s price in `price` when its first variant has a price of its own, and reads it back', async () => {
    await createProduct(
      t.db,
      productBodySchema.parse({
        ...base,
        title: 'Banarasi Lehenga',
        images: [photo('l1')],
        variants: [
          { color: '#aa2233', size: 'M', sku: null, price: 8999, stock: 1 },
          { color: '#aa2233', size: 'L', sku: null, price: null, stock: 2 },
        ],
      }),
    );
    const shop = (await allProducts()).map(content);
    const rows = rowsOf((await exportCsv()).body);
    expect(rows.map((r) => [r.price, r['Variant Compare At Price'], r['Variant Price']])).toEqual([
      ['2499.5', '8999', '8099'],
      ['', '2499.5', '2250'],
    ]);
    await t.reset();
    admin = (await shopper(t.db, 'admin')).cookie;
    expect(await importCsv(csvOf(rows.map((r) => ({ ...r, id: '' }))))).toMatchObject({
      created: 1,
      errors: [],
    });
    expect((await allProducts()).map(content)).toEqual(shop);
  });

  it('updates the product of an id, variants and all, and creates the product of a handle without one', async () => {
    const { range } = await twoProducts();
    const rows = rowsOf((await exportCsv()).body);
    rows[2]!['Variant Inventory Qty'] = '9'; // CK-RED-S
    rows[5]!['Variant SKU'] = 'CK-NAVY-M';
    rows[6] = {
      ...rows[6]!,
      'Option1 Value': '#112233',
      'Option2 Value': 'L',
      'Variant Inventory Qty': '4',
      'Variant Price': '2250',
      'Variant Compare At Price': '2499.5',
    };
    const result = await importCsv(csvOf([...rows, productRow(), variantRow({ 'Variant SKU': 'IK-M' })]));
    expect(result).toEqual({ created: 1, updated: 1, errors: [], dryRun: false });
    const [, kurta, created] = await allProducts();
    expect(kurta!.id).toBe(range.id);
    expect(kurta!.variants.map((v) => [v.color, v.size, v.sku, v.stock])).toEqual([
      ['#aa2233', 'S', 'CK-RED-S', 9],
      ['#aa2233', 'M', 'CK-RED-M', 0],
      ['#112233', 'S', 'CK-NAVY-S', 3],
      ['#112233', 'M', 'CK-NAVY-M', 2],
      ['#112233', 'L', null, 4],
    ]);
    expect(kurta!.stock).toBe(18);
    expect(kurta!.images).toHaveLength(5);
    expect(created).toMatchObject({
      title: 'Ilkal Cotton Kurta',
      price: 1800,
      discountedPrice: 1620,
      stock: 8,
      rating: 0,
      thumbnail: 'https://example.com/ilkal.webp',
      variants: [
        { color: '#aa2233', size: 'S', sku: null, stock: 7, price: null },
        { color: '#aa2233', size: 'M', sku: 'IK-M', stock: 1, price: null },
      ],
    });
  });

  it('imports a product export from Shopify: colour names, spelled-out sizes, HTML, tags and variant photos', async () => {
    const file = readFileSync(
      new URL('../../../test/fixtures/shopify-products.csv', import.meta.url),
      'utf8',
    );
    expect(await importCsv(file)).toEqual({ created: 2, updated: 0, errors: [], dryRun: false });
    const [kurta, saree] = await allProducts();
    expect(kurta).toMatchObject({
      title: 'Chanderi Kurta',
      description: 'Handwoven Chanderi silk & cotton.\nDry clean only.',
      brand: 'Chanderi Looms',
      category: 'kurtas',
      price: 1999,
      discountPercentage: 10.01,
      discountedPrice: 1799,
      stock: 10,
      highlights: ['chanderi', 'festive', 'handloom'],
      thumbnail: 'https://cdn.shopify.com/s/files/kurta-front.jpg',
      images: ['front', 'back', 'detail'].map((n) => `https://cdn.shopify.com/s/files/kurta-${n}.jpg`),
      colorImages: [
        { color: '#7a1f2b', images: ['https://cdn.shopify.com/s/files/kurta-maroon.jpg'] },
        { color: '#141e5a', images: ['https://cdn.shopify.com/s/files/kurta-navy.jpg'] },
      ],
      deleted: false,
    });
    expect(kurta!.variants.map((v) => [v.color, v.size, v.sku, v.stock, v.price])).toEqual([
      ['#7a1f2b', 'S', 'CK-MAR-S', 5, null],
      ['#7a1f2b', 'M', 'CK-MAR-M', 3, null],
      ['#141e5a', 'S', 'CK-NAV-S', 0, null],
      ['#141e5a', 'M', 'CK-NAV-M', 2, 2099],
    ]);
    expect(saree).toMatchObject({
      title: 'Kora Silk Saree',
      price: 3499,
      discountPercentage: 0,
      deleted: true,
      variants: [{ color: '#e0a526', size: 'Free Size', sku: 'KS-GOLD', stock: 4, price: null }],
    });
  });

  it('still imports a file of the export before stock per variant, one row per product', async () => {
    const result = await importCsv(toCsv([newRow(), newRow({ title: 'Second', stock: '0' })]));
    expect(result).toEqual({ created: 2, updated: 0, errors: [], dryRun: false });
    const [first, second] = await allProducts();
    expect(first).toMatchObject({
      title: 'Imported Ilkal Saree',
      price: 1800,
      discountedPrice: 1620,
      stock: 7,
      colors: ['#aa2233'],
      sizes: [42],
      variants: [],
    });
    expect(second!.stock).toBe(0);
  });

  it('reports every bad field with its CSV line, counting lines inside quoted text, and writes nothing', async () => {
    const csv = csvOf([
      productRow({ 'Body (HTML)': 'Two\nlines' }), // lines 2–3
      variantRow({ 'Variant Inventory Qty': '' }), // line 4
      productRow({ Handle: 'b', Title: '', Vendor: '' }), // line 5
      productRow({ Handle: 'c', Vendor: '', discountPercentage: '150', highlights: 'Silk' }), // line 6
      variantRow({ Handle: 'c', 'Option1 Value': 'Mauve-ish', 'Option2 Value': 'Huge' }), // line 7
      productRow({ Handle: 'd', id: '999999' }), // line 8
      productRow({ Handle: 'e', 'Option1 Name': 'Material' }), // line 9
      productRow({ Handle: 'f', 'Image Src': 'ftp://nope', Status: 'gone' }), // line 10
    ]);
    const before = await snapshot(t.db);
    const result = await importCsv(csv);
    expect(result.errors).toEqual([
      { line: 4, message: 'Variant stock is required' },
      { line: 5, message: "No row of handle b has a Title: a product's first row needs one" },
      { line: 6, message: 'Highlights must be a list like ["Pure silk"]' },
      { line: 6, message: 'Brand is required' },
      { line: 6, message: 'Discount must be between 0 and 100' },
      { line: 7, message: 'Color Mauve-ish is neither a hex code like #aa2233 nor a colour name we know' },
      { line: 7, message: 'Size is a number or one of XS, S, M, L, XL, XXL, 3XL, Free Size' },
      { line: 8, message: 'Product not found' },
      { line: 9, message: "Option Material cannot be imported: a product's options are Color and Size" },
      { line: 10, message: 'Status must be active, draft or archived' },
      { line: 10, message: 'Thumbnail is not a valid image URL' },
      { line: 10, message: 'Image is not a valid image URL' },
    ]);
    expect(result).toMatchObject({ created: 0, updated: 0 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('changes nothing on a dry run, and says what it would do', async () => {
    await twoProducts();
    const rows = rowsOf((await exportCsv()).body);
    rows[0]!.Title = 'Mysore Silk';
    const before = await snapshot(t.db);
    expect(
      await importCsv(
        csvOf([...rows, productRow(), productRow({ Handle: 'second', Title: 'Second New' })]),
        'true',
      ),
    ).toEqual({
      created: 2,
      updated: 1,
      errors: [],
      dryRun: true,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is all or nothing: one bad row and no row is written', async () => {
    await twoProducts();
    const rows = rowsOf((await exportCsv()).body);
    rows[0]!['Variant Inventory Qty'] = '99';
    const before = await snapshot(t.db);
    const result = await importCsv(csvOf([...rows, productRow(), productRow({ Handle: 'x', Vendor: '' })]));
    expect(result).toEqual({
      created: 0,
      updated: 0,
      errors: [{ line: 10, message: 'Brand is required' }],
      dryRun: false,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses what is not a product CSV with 400 and a message, and is for admins only', async () => {
    const cases: [string, string][] = [
      ['', 'Choose a CSV file to import'],
      [`${PRODUCT_CSV_HEADER.join(',')}\n`, 'The file has no product rows'],
      ['Title,Vendor\nx,y\n', 'The file lacks the column Handle'],
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
    const broken = await importCsv(`${PRODUCT_CSV_HEADER.join(',')}\n"unclosed,quote\n`, 'true');
    expect(broken.errors).toEqual([{ line: 2, message: 'This line is not valid CSV' }]);
    const user = await shopper(t.db);
    const f = csvForm(csvOf([productRow()]), 'false');
    const post = {
      method: 'POST' as const,
      url: '/api/products/import',
      headers: { cookie: user.cookie, ...f.headers },
      payload: f.payload,
    };
    expect((await t.app.inject(post)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/products/export', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
  });

  it('imports 2,500 products of 4 variants (10,000 rows) within 10 seconds on PostgreSQL, and exports them again', async () => {
    const csv = csvOf(
      Array.from({ length: 2_500 }, (_, i) => [
        productRow({ Handle: `bulk-${i}`, Title: `Bulk Kurta ${i}`, 'Variant SKU': `BK-${i}-S` }),
        ...['M', 'L', 'XL'].map((size) =>
          variantRow({ Handle: `bulk-${i}`, 'Option2 Value': size, 'Variant Inventory Qty': String(i % 5) }),
        ),
      ]).flat(),
    );
    const started = performance.now();
    const result = await importCsv(csv);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `product import on ${testDbKind}: 10,000 rows (${(csv.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(2)} s`,
    );
    expect(result).toEqual({ created: 2_500, updated: 0, errors: [], dryRun: false });
    if (testDbKind === 'postgres') expect(seconds).toBeLessThanOrEqual(10);
    const again = performance.now();
    expect(rowsOf((await exportCsv()).body)).toHaveLength(10_000);
    console.log(
      `product export on ${testDbKind}: 10,000 rows in ${((performance.now() - again) / 1000).toFixed(2)} s`,
    );
  }, 180_000);
});
