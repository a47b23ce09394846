import { createRequire } from 'node:module';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { financialYear, type Order, type PaymentInitiation, type PublicShopSettings, type ShopSettings } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, placeCashOrder, shopper, testAddress } from '../../test/commerce.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { products } from '../modules/products/products.table.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { documentCounters, taxDocuments } from '../modules/invoices/invoices.table.ts';
import { issueDocument, issueDocumentNow } from '../modules/invoices/invoices.service.ts';
import { invoiceDraft } from '../modules/invoices/document.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FY = financialYear(new Date()).slice(2);

/** The shop's settings as the API tells them (the settings module is not this module's to import). */
async function getShopSettings(): Promise<ShopSettings> {
  const res = await t.app.inject('/api/settings');
  return { ...res.json<PublicShopSettings>(), lowStockThreshold: 5 };
}
const squash = (s: string) => s.replace(/\s+/g, '');

async function cashOrder(who: { user: { id: number }; cookie: string }, lines: { productId: number; quantity?: number }[], state = testAddress.state) {
  for (const l of lines) await insertCartLine(t.db, who.user.id, l.productId, l.quantity ?? 1);
  // A PIN in the state (docs/product.md, Delivery).
  const place = /karnataka/i.test(state) ? { city: 'Bengaluru', pinCode: '560001' } : {};
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: who.cookie }, payload: orderPayload('cash', { selectedAddress: { ...testAddress, state, ...place } }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const download = (cookie: string | undefined, id: number, what: 'invoice' | 'credit-note' = 'invoice') =>
  t.app.inject({ method: 'GET', url: `/api/orders/${id}/${what}`, headers: cookie ? { cookie } : {} });

async function invoiceText(cookie: string, id: number, what: 'invoice' | 'credit-note' = 'invoice') {
  const res = await download(cookie, id, what);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return pdfText(res.rawPayload);
}

describe('the tax invoice of a cash order', () => {
  it('is issued as the order is placed, numbered first in the financial year, and served as a PDF to the owner and an admin', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { title: 'Mysore Silk', category: 'Silk Sarees', price: 3128, discountPercentage: 10 });
    const order = await cashOrder(me, [{ productId: p.id, quantity: 2 }]);
    expect(order.invoiceNumber).toBe(`INV/${FY}/000001`);
    expect(order.invoiceNumber!.length).toBeLessThanOrEqual(16);
    expect(order.creditNoteNumber).toBeNull();

    const res = await download(me.cookie, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="INV-${FY}-000001.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(admin.cookie, order.id)).statusCode).toBe(200);
    // The order JSON tells the web there is an invoice, in the owner's list too.
    const listed = await t.app.inject({ url: '/api/orders/owner', headers: { cookie: me.cookie } });
    expect(listed.json<{ orders: Order[] }>().orders[0]!.invoiceNumber).toBe(`INV/${FY}/000001`);
  });

  it("prints every field rule 46 asks for: seller, GSTIN, number, date, buyer, address, place of supply, lines, CGST and SGST, totals and words", async () => {
    const me = await shopper(t.db);
    const shop = await getShopSettings();
    const p = await insertProduct(t.db, { title: 'Mysore Silk', brand: 'Kanjivaram House', category: 'Silk Sarees', price: 3000, discountPercentage: 10 });
    const order = await cashOrder(me, [{ productId: p.id, quantity: 1 }], 'maharashtra');
    const text = await invoiceText(me.cookie, order.id);
    const flat = squash(text);
    const today = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
    for (const field of [
      'Tax Invoice',
      shop.legalName,
      shop.address,
      `GSTIN: ${shop.gstin}`,
      `Invoice No.: INV/${FY}/000001`,
      `Date: ${today}`,
      testAddress.name,
      testAddress.street,
      `${testAddress.city}, maharashtra ${testAddress.pinCode}`,
      'Place of supply: Maharashtra (27)',
      'Mysore Silk (Kanjivaram House), size 42',
      'Reverse charge: No',
      'Authorised Signatory',
    ])
      expect(text).toContain(field);
    // HSN, quantity, unit price, discount, taxable value, rate, CGST, SGST and the line's amount, in order.
    // ₹2,700 at 5 %: taxable 2,571.43, tax 128.57 = 64.28 + 64.29 (the odd paisa to SGST).
    expect(flat).toContain(squash('5007 1 3,000.00 300.00 2,571.43 5% 64.28 64.29 2,700.00'));
    expect(flat).toContain(squash('Taxable value ₹2,571.43 CGST ₹64.28 SGST ₹64.29 Total (incl. GST) ₹2,700.00'));
    expect(text).toContain('Rupees Two Thousand Seven Hundred Only');
    expect(text).not.toContain('IGST ₹');
  });

  it('charges IGST for delivery to another state typed in capitals, and refuses a state it cannot match', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    const karnataka = await cashOrder(me, [{ productId: p.id }], 'KARNATAKA');
    const text = await invoiceText(me.cookie, karnataka.id);
    expect(text).toContain('Place of supply: Karnataka (29)');
    // ₹2,100 at 5 %: taxable 2,000.00, IGST 100.00.
    expect(squash(text)).toContain(squash('Taxable value ₹2,000.00 IGST ₹100.00 Total (incl. GST) ₹2,100.00'));
    expect(text).not.toContain('CGST ₹');

    // An invoice's place of supply must be a state a CA can file (docs/product.md, Delivery).
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const nowhere = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: me.cookie }, payload: orderPayload('cash', { selectedAddress: { ...testAddress, state: 'Atlantis' } }) });
    expect([nowhere.statusCode, nowhere.json()]).toEqual([400, { message: 'Choose a state or union territory' }]);
  });

  it('taxes a garment at 5 % at ₹2,500 a piece and at 18 % at ₹2,501', async () => {
    const me = await shopper(t.db);
    const at = await insertProduct(t.db, { title: 'Kurti at the line', category: 'Kurtis', price: 2500, discountPercentage: 0 });
    const above = await insertProduct(t.db, { title: 'Kurti above it', category: 'Kurtis', price: 2501, discountPercentage: 0 });
    const order = await cashOrder(me, [{ productId: at.id }, { productId: above.id }]);
    const [doc] = await t.db.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const lines = doc!.document.lines;
    expect(lines.map((l) => [l.hsn, l.ratePercent, l.taxablePaise, l.cgstPaise + l.sgstPaise])).toEqual([
      ['6206', 5, 238_095, 11_905],
      ['6206', 18, 211_949, 38_151],
    ]);
  });

  it('keeps an issued invoice as it was when the product changes afterwards', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Original Title', category: 'Silk Sarees' });
    const order = await cashOrder(me, [{ productId: p.id }]);
    const before = await invoiceText(me.cookie, order.id);
    await t.db.update(products).set({ title: 'Renamed Later', category: 'Kurtis', pricePaise: 1 }).where(eq(products.id, p.id));
    const after = await invoiceText(me.cookie, order.id);
    expect(after).toBe(before);
    expect(after).toContain('Original Title');
  });

  it("answers 404 to another shopper and to a visitor's 401, and 404 when no invoice was issued", async () => {
    const me = await shopper(t.db);
    const other = await shopper(t.db);
    const order = await cashOrder(me, [{ productId: (await insertProduct(t.db)).id }]);
    expect((await download(other.cookie, order.id)).statusCode).toBe(404);
    expect((await download(undefined, order.id)).statusCode).toBe(401);
    expect((await download(me.cookie, order.id, 'credit-note')).statusCode).toBe(404);
    expect((await download(me.cookie, 999_999)).statusCode).toBe(404);
  });
});

describe('the tax invoice of a card order', () => {
  async function initiate(who: { user: { id: number }; cookie: string }) {
    await insertCartLine(t.db, who.user.id, (await insertProduct(t.db, { category: 'Silk Sarees' })).id);
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: who.cookie }, payload: orderPayload('card') });
    return res.json<PaymentInitiation>();
  }

  it('is issued when the order is paid, once, and never for an unpaid one', async () => {
    const me = await shopper(t.db);
    const { paymentId, orderId } = await initiate(me);
    expect((await download(me.cookie, orderId)).statusCode).toBe(404);
    const body = t.app.payments.signTestPayment!(paymentId);
    const paid = await t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    expect(paid.json<Order>().invoiceNumber).toBe(`INV/${FY}/000001`);
    await t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: body });
    expect((await download(me.cookie, orderId)).statusCode).toBe(200);
    expect(await t.db.select().from(taxDocuments)).toHaveLength(1);
  });

  it('is never issued for a reservation that lapsed unpaid', async () => {
    const me = await shopper(t.db);
    const { orderId } = await initiate(me);
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    const { expireReservations } = await import('../flows/reservations.ts');
    await expireReservations(t.db);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus).toBe('expired');
    expect(await t.db.select().from(taxDocuments)).toHaveLength(0);
  });
});

describe('credit notes', () => {
  const setStatus = (cookie: string, id: number, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: { cookie }, payload: { status } });

  it('credits the invoice when an invoiced order is cancelled, in a series of its own, downloadable the same way', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    const first = await cashOrder(me, [{ productId: p.id }]);
    await cashOrder(me, [{ productId: p.id }]);
    const cancelled = await setStatus(admin.cookie, first.id, 'cancelled');
    expect(cancelled.json<Order>()).toMatchObject({ invoiceNumber: `INV/${FY}/000001`, creditNoteNumber: `CN/${FY}/000001` });
    const res = await download(me.cookie, first.id, 'credit-note');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CN-${FY}-000001.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit Note No.: CN/${FY}/000001`);
    expect(text).toContain(`Against invoice: INV/${FY}/000001`);
    expect(squash(text)).toContain(squash('Total credited ₹2,100.00'));
    // Other people get the same 404 as for no credit note; a status change that is not a cancel issues none.
    expect((await download((await shopper(t.db)).cookie, first.id, 'credit-note')).statusCode).toBe(404);
    await setStatus(admin.cookie, first.id, 'cancelled');
    expect(await t.db.select().from(taxDocuments).where(eq(taxDocuments.kind, 'credit_note'))).toHaveLength(1);
  });

  it('invoices an order again when it is reopened, and credits that invoice when it is cancelled again', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const order = await cashOrder(me, [{ productId: (await insertProduct(t.db)).id }]);
    await setStatus(admin.cookie, order.id, 'cancelled');
    const reopened = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reopen`, headers: { cookie: admin.cookie }, payload: { reason: 'Paid by bank transfer after all' } });
    expect(reopened.json<Order>()).toMatchObject({ status: 'pending', invoiceNumber: `INV/${FY}/000002`, creditNoteNumber: `CN/${FY}/000001` });
    expect(await invoiceText(me.cookie, order.id)).toContain(`INV/${FY}/000002`);
    await setStatus(admin.cookie, order.id, 'delivered');
    const again = await setStatus(admin.cookie, order.id, 'cancelled');
    expect(again.json<Order>()).toMatchObject({ invoiceNumber: `INV/${FY}/000002`, creditNoteNumber: `CN/${FY}/000002` });
    expect(await invoiceText(me.cookie, order.id, 'credit-note')).toContain(`Against invoice: INV/${FY}/000002`);
    const docs = await t.db.select({ number: taxDocuments.number, invoiceId: taxDocuments.invoiceId, id: taxDocuments.id }).from(taxDocuments).orderBy(taxDocuments.id);
    expect(docs.map((d) => d.number)).toEqual([`INV/${FY}/000001`, `CN/${FY}/000001`, `INV/${FY}/000002`, `CN/${FY}/000002`]);
    expect(docs[1]!.invoiceId).toBe(docs[0]!.id);
    expect(docs[3]!.invoiceId).toBe(docs[2]!.id);
  });
});

describe('the financial year', () => {
  it('starts a new series at 1 April 00:00 IST: the last second of March is still the old year', async () => {
    const me = await shopper(t.db);
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db)).id }]);
    const draft = invoiceDraft(order, await getShopSettings());
    // 31 March 2031 23:59:59.999 IST and 1 April 2031 00:00 IST (years no other invoice of this test uses).
    const lastOfMarch = new Date('2031-03-31T18:29:59.999Z');
    const firstOfApril = new Date('2031-03-31T18:30:00.000Z');
    const ids = await t.db.transaction(async (tx) => [
      await issueDocument(tx, draft, null, lastOfMarch),
      await issueDocument(tx, draft, null, lastOfMarch),
      await issueDocument(tx, draft, null, firstOfApril),
      await issueDocument(tx, draft, null, firstOfApril),
    ]);
    // Numbered by the commit (decision 027), in the order they were issued, in the number column and the document.
    const docs = await t.db.select().from(taxDocuments).where(inArray(taxDocuments.id, ids)).orderBy(taxDocuments.id);
    expect(docs.map((d) => [d.number, d.serial, d.document.number])).toEqual([
      ['INV/30-31/000001', 1, 'INV/30-31/000001'],
      ['INV/30-31/000002', 2, 'INV/30-31/000002'],
      ['INV/31-32/000001', 1, 'INV/31-32/000001'],
      ['INV/31-32/000002', 2, 'INV/31-32/000002'],
    ]);
  });

  it('gives a number back when the transaction that took it rolls back: the series has no gap', async () => {
    const me = await shopper(t.db);
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db)).id }]);
    const draft = invoiceDraft(order, await getShopSettings());
    await expect(
      t.db.transaction(async (tx) => {
        expect((await issueDocumentNow(tx, draft)).number).toBe(`INV/${FY}/000002`);
        throw new Error('the order failed after its number was taken');
      }),
    ).rejects.toThrow('the order failed');
    const [counter] = await t.db.select().from(documentCounters).where(sql`${documentCounters.series} = 'INV'`);
    expect(counter!.lastNumber).toBe(1);
  });
});

describe('the tax invoice of a business buyer (B2B)', () => {
  const business = { ...testAddress, city: 'Bengaluru', state: 'Karnataka', pinCode: '560001', gstin: '29aaaaa0000a1zy', businessName: 'Rao Textiles LLP' };

  it('names the buyer with their GSTIN and business name, marks the supply B2B, and the credit note carries the GSTIN too', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { title: 'Mysore Silk', category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: me.cookie }, payload: orderPayload('cash', { selectedAddress: business }) });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.selectedAddress).toMatchObject({ gstin: '29AAAAA0000A1ZY', businessName: 'Rao Textiles LLP' });

    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(doc!.document).toMatchObject({
      supply: 'B2B',
      buyer: { name: testAddress.name, gstin: '29AAAAA0000A1ZY', businessName: 'Rao Textiles LLP', state: 'Karnataka' },
      placeOfSupply: { state: 'Karnataka', code: '29' },
      intraState: false,
    });
    const text = await invoiceText(me.cookie, order.id);
    for (const field of ['Tax Invoice', 'Supply: B2B, to a registered buyer', 'Rao Textiles LLP', 'GSTIN: 29AAAAA0000A1ZY', `Attn: ${testAddress.name}`, 'Place of supply: Karnataka (29)'])
      expect(text).toContain(field);

    const cancelled = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const note = await invoiceText(me.cookie, order.id, 'credit-note');
    expect(note).toContain('GSTIN: 29AAAAA0000A1ZY');
    expect(note).toContain('Supply: B2B, to a registered buyer');
  });

  it('prints a shopper’s invoice as before, with no buyer GSTIN and no B2B mark', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    const order = await cashOrder(me, [{ productId: p.id }]);
    const text = await invoiceText(me.cookie, order.id);
    expect(text).not.toContain('B2B');
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
  });

  it('refuses an order to an address whose GSTIN is of another state, with 400 and the reason', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { category: 'Silk Sarees', price: 2100, discountPercentage: 0 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: me.cookie }, payload: orderPayload('cash', { selectedAddress: { ...business, state: 'Maharashtra' } }) });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'This GSTIN is registered in Karnataka: for a delivery in Maharashtra it starts with 27' }]);
  });
});

describe('the rupee sign', () => {
  it('is a glyph of the font the PDF embeds', () => {
    const require = createRequire(import.meta.url);
    const fontkit = require('fontkit') as { openSync(path: string): { hasGlyphForCodePoint(cp: number): boolean } };
    for (const weight of ['400Regular/Inter_400Regular', '600SemiBold/Inter_600SemiBold', '700Bold/Inter_700Bold'])
      expect(fontkit.openSync(require.resolve(`@expo-google-fonts/inter/${weight}.ttf`)).hasGlyphForCodePoint(0x20b9)).toBe(true);
  });
});
