import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, PublicShopSettings } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper, testAddress } from '../../../test/commerce.ts';
import { invoiceDraft, creditNoteDraft } from './document.ts';
import { issueDocument, issueDocumentNow } from './invoices.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

// A PIN in the state (docs/product.md, Delivery): Bengaluru's for Karnataka, else the test address's Mumbai.
const placeIn = (state: string) => (state === 'Karnataka' ? { city: 'Bengaluru', pinCode: '560001' } : {});

async function order(who: { user: { id: number }; cookie: string }, productId: number, quantity: number, state: string, business = {}): Promise<Order> {
  await insertCartLine(t.db, who.user.id, productId, quantity);
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: who.cookie }, payload: orderPayload('cash', { selectedAddress: { ...testAddress, state, ...placeIn(state), ...business } }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const report = async (cookie: string, month: string) => {
  const res = await t.app.inject({ url: `/api/reports/gst?month=${month}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parse(res.body, { relax_column_count: true, skip_empty_lines: true }) as string[][];
};

/** The rows of a section, between its title and the next blank-separated title. */
function section(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r[0] === title);
  const end = rows.findIndex((r, i) => i > start + 1 && r.length === 1);
  return rows.slice(start + 2, end === -1 ? undefined : end);
}

describe('the GST report', () => {
  it('sums B2C sales by place of supply and rate, and by HSN, for the month in India’s time, credit notes subtracting in their own month', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const settings = { ...(await t.app.inject('/api/settings')).json<PublicShopSettings>(), lowStockThreshold: 5 };
    const silk = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0, stock: 50 });
    const kurti = await insertProduct(t.db, { category: 'Kurtis', price: 2950, discountPercentage: 0, stock: 50 });
    // Orders placed now only give the drafts; their documents are issued at chosen moments below.
    const inState = await order(me, silk.id, 2, 'Maharashtra');
    const karnataka = await order(me, kurti.id, 1, 'Karnataka');
    await t.db.execute(sql`truncate tax_documents, document_counters cascade`);
    const march31Late = new Date('2031-03-31T18:29:00Z'); // 23:59 IST, 31 March
    const april1Early = new Date('2031-03-31T18:31:00Z'); // 00:01 IST, 1 April
    const invoice = await t.db.transaction(async (tx) => {
      await issueDocument(tx, invoiceDraft(inState, settings), null, march31Late);
      return issueDocumentNow(tx, invoiceDraft(karnataka, settings), null, march31Late);
    });
    // The Karnataka sale is cancelled in April: its credit note subtracts in April, not March.
    await t.db.transaction((tx) => issueDocument(tx, creditNoteDraft(invoice), null, april1Early));

    const march = await report(admin.cookie, '2031-03');
    expect(section(march, 'B2CS (GSTR-1 table 7)')).toEqual([
      // ₹4,200 at 5 % in the shop's state: 4,000 + 100 + 100.
      ['OE', '27-Maharashtra', '5', '4000.00', '0.00', '100.00', '100.00', '0.00'],
      // ₹2,950 a piece is above ₹2,500: 18 %, all IGST. 2,950 / 1.18 = 2,500.00.
      ['OE', '29-Karnataka', '18', '2500.00', '450.00', '0.00', '0.00', '0.00'],
    ]);
    expect(section(march, 'HSN summary, B2C (GSTR-1 table 12)')).toEqual([
      ['5007', '', 'PCS-PIECES', '2', '5', '4200.00', '4000.00', '0.00', '100.00', '100.00', '0.00'],
      ['6206', '', 'PCS-PIECES', '1', '18', '2950.00', '2500.00', '450.00', '0.00', '0.00', '0.00'],
    ]);
    const april = await report(admin.cookie, '2031-04');
    expect(section(april, 'B2CS (GSTR-1 table 7)')).toEqual([['OE', '29-Karnataka', '18', '-2500.00', '-450.00', '0.00', '0.00', '0.00']]);
    expect(section(april, 'HSN summary, B2C (GSTR-1 table 12)')).toEqual([['6206', '', 'PCS-PIECES', '-1', '18', '-2950.00', '-2500.00', '-450.00', '0.00', '0.00', '0.00']]);
    expect(section(await report(admin.cookie, '2031-05'), 'B2CS (GSTR-1 table 7)')).toEqual([]);
  });

  it('lists a sale to a business buyer per invoice under B2B, not in B2CS, and its credit note under CDNR', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const settings = { ...(await t.app.inject('/api/settings')).json<PublicShopSettings>(), lowStockThreshold: 5 };
    const silk = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0, stock: 50 });
    const kurti = await insertProduct(t.db, { category: 'Kurtis', price: 2950, discountPercentage: 0, stock: 50 });
    const business = { gstin: '29AAAAA0000A1ZY', businessName: '=Rao Textiles' };
    await insertCartLine(t.db, me.user.id, silk.id, 2);
    const sale = await order(me, kurti.id, 1, 'Karnataka', business);
    const consumer = await order(me, silk.id, 1, 'Karnataka');
    await t.db.execute(sql`truncate tax_documents, document_counters cascade`);
    const march15 = new Date('2031-03-15T06:00:00Z');
    const invoice = await t.db.transaction(async (tx) => {
      const issued = await issueDocumentNow(tx, invoiceDraft(sale, settings), null, march15);
      await issueDocument(tx, invoiceDraft(consumer, settings), null, march15);
      return issued;
    });
    await t.db.transaction((tx) => issueDocument(tx, creditNoteDraft(invoice), null, new Date('2031-04-02T06:00:00Z')));

    const march = await report(admin.cookie, '2031-03');
    // Two silk sarees (₹4,200 at 5 %) and a kurti (₹2,950 at 18 %) on one invoice: a row per rate, the invoice's value on each.
    expect(section(march, 'B2B (GSTR-1 table 4)')).toEqual([
      ['29AAAAA0000A1ZY', "'=Rao Textiles", 'INV/30-31/000001', '15-Mar-2031', '7150.00', '29-Karnataka', 'N', 'Regular B2B', '5', '4000.00', '200.00', '0.00', '0.00', '0.00'],
      ['29AAAAA0000A1ZY', "'=Rao Textiles", 'INV/30-31/000001', '15-Mar-2031', '7150.00', '29-Karnataka', 'N', 'Regular B2B', '18', '2500.00', '450.00', '0.00', '0.00', '0.00'],
    ]);
    expect(section(march, 'B2CS (GSTR-1 table 7)')).toEqual([['OE', '29-Karnataka', '5', '2000.00', '100.00', '0.00', '0.00', '0.00']]);
    expect(section(march, 'HSN summary, B2B (GSTR-1 table 12)')).toEqual([
      ['5007', '', 'PCS-PIECES', '2', '5', '4200.00', '4000.00', '200.00', '0.00', '0.00', '0.00'],
      ['6206', '', 'PCS-PIECES', '1', '18', '2950.00', '2500.00', '450.00', '0.00', '0.00', '0.00'],
    ]);
    expect(section(march, 'HSN summary, B2C (GSTR-1 table 12)')).toEqual([['5007', '', 'PCS-PIECES', '1', '5', '2100.00', '2000.00', '100.00', '0.00', '0.00', '0.00']]);
    expect(section(march, 'CDNR (GSTR-1 table 9B)')).toEqual([]);

    const april = await report(admin.cookie, '2031-04');
    expect(section(april, 'B2B (GSTR-1 table 4)')).toEqual([]);
    expect(section(april, 'B2CS (GSTR-1 table 7)')).toEqual([]);
    expect(section(april, 'CDNR (GSTR-1 table 9B)').map((r) => r.slice(0, 10))).toEqual([
      ['29AAAAA0000A1ZY', "'=Rao Textiles", 'CN/31-32/000001', '02-Apr-2031', 'C', '29-Karnataka', 'N', 'Regular B2B', '7150.00', '5'],
      ['29AAAAA0000A1ZY', "'=Rao Textiles", 'CN/31-32/000001', '02-Apr-2031', 'C', '29-Karnataka', 'N', 'Regular B2B', '7150.00', '18'],
    ]);
    expect(section(april, 'HSN summary, B2B (GSTR-1 table 12)')[1]).toEqual(['6206', '', 'PCS-PIECES', '-1', '18', '-2950.00', '-2500.00', '-450.00', '0.00', '0.00', '0.00']);
  });

  it('keeps a typed place of supply (an order from before states were checked) from starting a spreadsheet formula', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    const placed = await order(me, p.id, 1, 'Maharashtra');
    await t.db.execute(sql`truncate tax_documents, document_counters cascade`);
    const shop = t.config.shop;
    const typed = { ...placed, selectedAddress: { ...placed.selectedAddress, state: '=HYPERLINK("x")' } };
    await t.db.transaction((tx) => issueDocument(tx, invoiceDraft(typed, shop)));
    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    expect(section(await report(admin.cookie, month), 'B2CS (GSTR-1 table 7)')[0]![1]).toBe(`'=HYPERLINK("x")`);
  });

  it('refuses a month that is not YYYY-MM, or before GST began, with 400', async () => {
    const admin = await shopper(t.db, 'admin');
    for (const [month, message] of [
      ['2026-13', 'Choose a month as YYYY-MM'],
      ['26-11', 'Choose a month as YYYY-MM'],
      ['2017-06', 'GST began in July 2017'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/reports/gst?month=${month}`, headers: { cookie: admin.cookie } });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
  });
});
