import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { test, expect, signUpByApi, logInByUi, inStock, DEMO_ADMIN } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/** The text of a PDF's pages, as pdf.js reads it. */
async function pdfText(path: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++)
    pages.push((await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join(' '));
  await doc.destroy();
  return pages.join('\n');
}

/** A cash order placed through the API with the page's own session, delivered to `state`. */
async function placeCashOrder(page: Page, state: string) {
  const [p] = await inStock(page.request, 1);
  const added = await page.request.post('/api/cart', { data: { product: p!.id, quantity: 1, color: p!.colors[0], size: p!.sizes[0] } });
  expect(added.status(), await added.text()).toBe(201);
  // The PIN must lie in the state (docs/product.md, Delivery).
  const place = state === 'Karnataka' ? { city: 'Bengaluru', pinCode: '560001' } : { city: 'Chennai', pinCode: '600086' };
  const address = { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919876543210', street: '4 Cathedral Road', state, ...place };
  const res = await page.request.post('/api/orders', { data: { selectedAddress: address, paymentMethod: 'cash' } });
  expect(res.status(), await res.text()).toBe(201);
  return { order: (await res.json()) as { id: number; invoiceNumber: string }, product: p! };
}

test('a shopper downloads the tax invoice of a cash order from My Orders and from the order-success page', async ({ page, request }, testInfo) => {
  test.slow(); // axe, a download read back with pdf.js and two viewports
  await logInByUi(page, await signUpByApi(request));
  const { order, product } = await placeCashOrder(page, 'Tamil Nadu');
  expect(order.invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${order.id}` });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-orders-1280.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toBe(`${order.invoiceNumber.replace(/\//g, '-')}.pdf`);
  const file = testInfo.outputPath('invoice.pdf');
  await download.saveAs(file);
  const text = await pdfText(file);
  expect(text).toContain('Tax Invoice');
  expect(text).toContain(order.invoiceNumber);
  expect(text).toContain('Place of supply: Tamil Nadu (33)');
  expect(text).toContain(product.title);
  expect(text).toContain('Authorised Signatory');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders');
  await expect(card.getByRole('link', { name: 'Download invoice' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-orders-390.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/order-success/${order.id}`);
  const link = page.getByRole('link', { name: 'Download invoice' });
  await expect(link).toHaveAttribute('href', `/api/orders/${order.id}/invoice`);
  await page.screenshot({ path: testInfo.outputPath('order-success-1280.png') });
});

test('an admin cancels an invoiced order, downloads its credit note and the month’s GST report', async ({ page, browser, request }, testInfo) => {
  test.slow(); // two sessions, two downloads and a report
  await logInByUi(page, await signUpByApi(request));
  const { order } = await placeCashOrder(page, 'Karnataka');

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await logInByUi(admin, DEMO_ADMIN);
  await admin.goto(`/admin/order-detail?id=${order.id}`);
  const documents = admin.getByRole('region', { name: 'GST Documents' });
  await expect(documents).toContainText(order.invoiceNumber);
  await admin.getByRole('group', { name: 'Move to' }).getByRole('button', { name: 'Cancel order' }).click();
  const ask = admin.getByRole('dialog', { name: `Cancel order #${order.id}?` });
  await ask.getByRole('button', { name: 'Cancel order' }).click();
  await expect(ask).toBeHidden();
  await expect(documents.getByRole('link', { name: 'Download credit note' })).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('admin-order-detail-1280.png'), fullPage: true });
  const [note] = await Promise.all([admin.waitForEvent('download'), documents.getByRole('link', { name: 'Download credit note' }).click()]);
  const file = testInfo.outputPath('credit-note.pdf');
  await note.saveAs(file);
  const text = await pdfText(file);
  expect(text).toContain('Credit Note');
  expect(text).toContain(order.invoiceNumber);

  await admin.goto('/admin/orders');
  await expect(admin.getByRole('link', { name: `Download invoice ${order.invoiceNumber} of order #${order.id}` }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: testInfo.outputPath('admin-orders-1280.png') });
  const [csv] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download GST report (CSV)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^gst-report-\d{4}-\d{2}\.csv$/);
  const report = readFileSync(await csv.path(), 'utf8');
  expect(report).toContain('B2CS (GSTR-1 table 7)');
  expect(report).toContain('29-Karnataka');
  expect(report).toContain('HSN summary, B2C (GSTR-1 table 12)');
  await context.close();
});
