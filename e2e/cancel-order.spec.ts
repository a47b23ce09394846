import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, inStock, sharedInches, waitForMail, DEMO_ADMIN, type Listed } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function stockOf(page: Page, id: number): Promise<number> {
  const res = await page.request.get(`/api/products/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Listed).stock;
}

/** Screenshots at 1280 and 390 px wide, kept with the test's output for a person to look at. */
async function shots(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a shopper cancels a cash order before dispatch with a reason, sees it cancelled, and the stock is back', async ({
  page,
  request,
  browser,
}, info) => {
  test.slow();
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  const [product] = await inStock(request, 1, (p) => sharedInches(p) && p.colors.length > 0 && p.sizes.length > 0);

  await page.goto(`/product-detail/${product!.id}`);
  await page.getByRole('group', { name: /^Colour/ }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: `${product!.sizes[0]} in`, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${product!.title} added to cart`)).toBeVisible();
  await page.goto('/checkout');
  await page.getByLabel('Street address').fill('12 Marine Drive, Flat 4B');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('400002');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address added successfully!')).toBeVisible();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const placedStock = await stockOf(page, product!.id);

  await page.goto('/orders');
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order).toContainText('Pending');
  await order.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  // Headless UI's dialog element has no box of its own: its panel's contents are what show.
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await dialog.getByRole('radio', { name: 'I want a different size or colour' }).check();
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'cancel-order-dialog');

  await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(toast(page, 'Your order has been cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(order).toContainText('Cancelled');
  await expect(order).toContainText('You cancelled this order. Your reason: I want a different size or colour');
  await expect(order.getByRole('button', { name: `Cancel order #${orderId}` })).toHaveCount(0);
  // The button that had focus is gone: focus lands on the order's title, not on the page's start.
  await expect(order.getByRole('heading', { name: `Order #${orderId}` })).toBeFocused();
  await expect(order.getByRole('link', { name: 'Download credit note' })).toBeVisible();
  await expect.poll(() => stockOf(page, product!.id)).toBe(placedStock + 1);
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'cancel-order-my-orders');

  // The shop sees who cancelled and why.
  const adminContext = await browser.newContext({ baseURL: info.project.use.baseURL, reducedMotion: 'reduce' });
  const admin = await adminContext.newPage();
  await logInByUi(admin, DEMO_ADMIN);
  await admin.goto(`/admin/order-detail?id=${orderId}`);
  const history = admin.getByRole('list', { name: 'Status history' });
  await expect(history).toContainText(`By the shopper, ${user.name}`);
  await expect(history).toContainText('Reason: I want a different size or colour');
  await expectNoSeriousA11yViolations(admin);
  await shots(admin, info, 'cancel-order-admin');
  await adminContext.close();
});

test('a shopper cancels a paid card order: the refund is promised to them and asked of the shop', async ({ page, request, browser }, info) => {
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  const [product] = await inStock(request, 1, (p) => p.colors.length > 0 && p.sizes.length > 0);
  const line = await page.request.post('/api/cart', {
    data: { product: product!.id, quantity: 1, color: product!.colors[0], size: product!.sizes[0] },
  });
  expect(line.status(), await line.text()).toBe(201);
  const address = { name: user.name, email: user.email, phone: '+919876543210', street: '9 Park Street', city: 'Kolkata', state: 'West Bengal', pinCode: '700016' };
  const init = await page.request.post('/api/payment/initiate', { data: { paymentMethod: 'card', selectedAddress: address } });
  expect(init.status(), await init.text()).toBe(201);
  const { paymentId, orderId } = (await init.json()) as { paymentId: string; orderId: number };
  const signed = await page.request.post('/api/payment/test-sign', { data: { order_id: paymentId } });
  expect(signed.status(), await signed.text()).toBe(200);
  const paid = await page.request.post('/api/payment/verify', { data: await signed.json() });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/orders');
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await order.getByRole('button', { name: `Cancel order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toContainText('We will refund your payment of');
  await dialog.getByRole('radio', { name: 'It would arrive too late for me' }).check();
  await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(order).toContainText('You cancelled this order. Your reason: It would arrive too late for me');
  await expect(order).toContainText('will be refunded to the account you paid from');
  await shots(page, info, 'cancel-card-my-orders');

  const adminContext = await browser.newContext({ baseURL: info.project.use.baseURL, reducedMotion: 'reduce' });
  const admin = await adminContext.newPage();
  await logInByUi(admin, DEMO_ADMIN);
  await admin.goto(`/admin/order-detail?id=${orderId}`);
  await expect(admin.getByRole('note')).toContainText('Needs a refund');
  expect(await waitForMail(DEMO_ADMIN.email, `Refund needed: order #${orderId} `)).toContain('It would arrive too late for me');
  await expectNoSeriousA11yViolations(admin);
  await shots(admin, info, 'cancel-card-admin');
  await adminContext.close();
});
