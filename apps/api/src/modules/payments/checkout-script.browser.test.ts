import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, PaymentInitiation } from '@shop/shared';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { freePort } from '../../../test/security/servers.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../../../test/commerce.ts';
import { payments } from './payments.table.ts';

const CHROMIUM = '/usr/bin/chromium';

// The page runs the checkout exactly as the web app does, from files on 'self' under the shop's CSP.
const PAGE = `<!doctype html><html lang="en"><head><title>Pay</title><script src="/api/payment/checkout.js"></script><script src="/pay-test.js" defer></script></head>
<body><button id="start" type="button">Start payment</button></body></html>`;
const PAGE_SCRIPT = `window.events = [];
document.getElementById('start').addEventListener('click', function () {
  var rzp = new Razorpay({
    key: 'rzp_test_local', amount: Number(new URLSearchParams(location.search).get('amount')), currency: 'INR', name: 'Saree Pari', description: 'Order',
    order_id: new URLSearchParams(location.search).get('order'),
    handler: function (response) { window.events.push({ type: 'paid', response: response }); },
    modal: { ondismiss: function () { window.events.push({ type: 'dismissed' }); } }
  });
  rzp.on('payment.failed', function (response) { window.events.push({ type: 'failed', response: response }); });
  rzp.open();
});`;

interface PageEvent {
  type: string;
  response?: { error?: { description: string; reason: string }; razorpay_order_id?: string; razorpay_payment_id?: string; razorpay_signature?: string };
}

let t: TestApp;
let server: FastifyInstance;
let base: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`This test drives Chromium at ${CHROMIUM}: install Debian's chromium package`);
  t = await createTestApp();
  // The page's origin is the shop's configured one: writes from any other are refused (decision 011).
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await buildApp({ database: t.database, config: { ...t.config, publicUrl: base }, logger: false });
  server.get('/pay-test', { config: { access: 'open' } }, (_req, reply) => reply.type('text/html').send(PAGE));
  server.get('/pay-test.js', { config: { access: 'open' } }, (_req, reply) => reply.type('application/javascript').send(PAGE_SCRIPT));
  await server.listen({ port, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 60_000);
afterEach(() => page.close());
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.reset();
  page = await browser.newPage();
});

/** Signs the browser in with a session cookie (`sid=...`) for the test server. */
async function signIn(cookie: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * A shopper's card payment opened in the page; the browser is signed in as that shopper, as in the
 * shop, unless `browserAs` names another session (or '' for none).
 */
async function openCheckout(browserAs?: string): Promise<PaymentInitiation> {
  const me = await shopper(t.db);
  await insertCartLine(t.db, me.user.id, (await insertProduct(t.db, { price: 1234.5, discountPercentage: 0 })).id, 2);
  const init = (await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: me.cookie }, payload: orderPayload('card') })).json<PaymentInitiation>();
  const as = browserAs ?? me.cookie;
  if (as) await signIn(as);
  await page.goto(`${base}/pay-test?order=${init.paymentId}&amount=${init.amount}`);
  await page.getByRole('button', { name: 'Start payment' }).click();
  return init;
}

// Page-side code goes in as strings: the API's TypeScript has no DOM types.
const events = () => page.evaluate<PageEvent[]>('window.events');
const focusedName = () => page.evaluate<string | null>("document.activeElement && (document.activeElement.getAttribute('aria-label') || document.activeElement.textContent)");

describe('the test provider checkout window in Chromium', () => {
  it('shows Test payment with the amount, and Pay hands the page a signature the server accepts', async () => {
    const init = await openCheckout();
    const dialog = page.getByRole('dialog', { name: 'Test payment ₹2,470.00' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await focusedName()).toBe('Pay');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(async () => (await events()).map((e) => e.type)).toEqual(['paid']);
    expect(await dialog.count()).toBe(0);
    const response = (await events())[0]!.response!;
    expect(response.razorpay_order_id).toBe(init.paymentId);
    const verified = await t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: response });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<Order>().payment.status).toBe('paid');
  });

  it("pays nobody else's order: another shopper's Pay shows Payment not found and the window stays open", async () => {
    const other = await shopper(t.db);
    const init = await openCheckout(other.cookie);
    const dialog = page.getByRole('dialog', { name: 'Test payment ₹2,470.00' });
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Payment not found');
    expect(await events()).toEqual([]);
    expect(await dialog.getByRole('button', { name: 'Pay' }).isEnabled()).toBe(true);
    const [row] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.providerOrderId, init.paymentId));
    expect(row?.status).toBe('awaiting');
  });

  it('asks a signed-out browser to sign in instead of paying', async () => {
    await openCheckout('');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Please sign in');
    expect(await events()).toEqual([]);
  });

  it('reports Fail through payment.failed with the test provider description', async () => {
    await openCheckout();
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect.poll(async () => (await events()).map((e) => e.type)).toEqual(['failed']);
    expect((await events())[0]!.response!.error).toMatchObject({ description: 'Payment failed (test provider)', reason: 'payment_failed' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('calls ondismiss when closed with the close button or Escape', async () => {
    await openCheckout();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Start payment' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await events()).map((e) => e.type)).toEqual(['dismissed', 'dismissed']);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('keeps keyboard focus inside the dialog', async () => {
    await openCheckout();
    const focused = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      focused.push(await focusedName());
    }
    expect(focused).toEqual(['Close', 'Fail', 'Pay', 'Close']);
  });

  it('runs under the shop CSP without a violation', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Listening from before the first script runs: the checkout script loads in <head>.
    await page.addInitScript("window.violations = []; document.addEventListener('securitypolicyviolation', function (e) { window.violations.push(e.violatedDirective); });");
    const res = await page.goto(`${base}/pay-test`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await openCheckout();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay' }).click();
    await expect.poll(async () => (await events()).map((e) => e.type)).toContain('paid');
    expect(errors).toEqual([]);
    expect(await page.evaluate<string[]>('window.violations')).toEqual([]);
  });
});
