import type { Page } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, inStock } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const toasts = (page: Page) => page.locator('.Toastify');
const toast = (page: Page, text: string) => toasts(page).getByText(text, { exact: true });
const cartLines = async (page: Page) =>
  ((await (await page.request.get('/api/cart')).json()) as { product: { id: number } }[]).map(
    (l) => l.product.id,
  );

test('a shopper removes lines from the checkout summary; the last one sends them home', async ({
  page,
  request,
}, testInfo) => {
  const [first, second] = await inStock(request, 2);
  await logInByUi(page, await signUpByApi(request));
  for (const p of [first!, second!]) {
    const res = await page.request.post('/api/cart', {
      data: { product: p.id, quantity: 1, color: p.colors[0], size: p.sizes[0] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const lines = summary.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(summary.getByText('Subtotal (2 items)')).toBeVisible();
  // Issue 15: the GST inside the whole-rupee total, taxable value and tax adding up to it to the paisa.
  await expect(summary.getByText('Inclusive of all taxes')).toBeVisible();
  const breakup = summary.getByLabel('Tax breakup');
  await expect(breakup.locator('dt')).toHaveText(['Taxable value', 'GST']);
  const paise = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  const [taxable, gst] = (await breakup.locator('dd').allInnerTexts()).map(paise);
  const total = await summary
    .locator('dt', { hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd')
    .innerText();
  expect(total).toMatch(/^₹[\d,]+$/);
  expect(taxable! + gst!).toBe(paise(total));
  expect(gst! / paise(total)).toBeGreaterThan(0.04);
  await expectNoSeriousA11yViolations(page);
  await summary.screenshot({ path: testInfo.outputPath('checkout-summary-1280.png') });

  await summary.getByRole('button', { name: `Remove ${second!.title}` }).click();
  await expect(toast(page, 'Product removed from cart')).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText(first!.title);
  await expect(summary.getByText('Subtotal (1 item)')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect.poll(() => cartLines(page)).toEqual([first!.id]);
  await expect(page).toHaveURL(/\/checkout$/);

  // An empty cart with no order just placed leaves checkout for the home page, without an error.
  await summary.getByRole('button', { name: `Remove ${first!.title}` }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(toast(page, 'Product removed from cart').first()).toBeVisible();
  await expect(toasts(page).locator('.Toastify__toast--error')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect.poll(() => cartLines(page)).toEqual([]);
});
