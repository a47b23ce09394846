import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, inStock, DEMO_ADMIN, type Listed } from './fixtures';
import { expectHeadingsInOrder, expectNoSeriousA11yViolations } from './a11y';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const errorToasts = (page: Page) => page.locator('.Toastify__toast--error');

const home = { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919876543210', street: '12 Marine Drive', city: 'Mumbai', state: 'Maharashtra', pinCode: '400002' };
const office = { ...home, street: '4 Nariman Point', pinCode: '400021' };

/** Writes from the page's own session, as the app makes them (same origin). */
async function send(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown) {
  const res = await page.request.fetch(url, { method, data, headers: { origin: new URL(page.url()).origin } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<{ id: number }>;
}
const addToCart = (page: Page, p: Listed) =>
  send(page, 'POST', '/api/cart', { product: p.id, quantity: 1, color: p.colors[0], size: p.sizes[0] });

test('checkout starts with the address the last order went to, and an earlier error never stands beside the success', async ({
  page,
  request,
}) => {
  test.slow(); // an order placed, two checkouts, axe at two widths
  const [first, second] = await inStock(request, 2);
  await logInByUi(page, await signUpByApi(request));
  const me = (await (await page.request.get('/api/users/owner')).json()) as { id: number };
  await send(page, 'PATCH', `/api/users/${me.id}`, { addresses: [home, office] });
  await addToCart(page, first!);

  await page.goto('/checkout');
  const officeRadio = page.getByRole('radio', { name: 'Meera Iyer, 4 Nariman Point, Mumbai' });
  await expect(officeRadio).toBeVisible();
  // Two addresses and no order yet: the shopper chooses.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await officeRadio.check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(errorToasts(page).filter({ hasText: 'Please select address and payment method' })).toBeVisible();

  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  await expect(page.locator('.Toastify').getByText('Order Placed Successfully')).toBeVisible();
  await expect(errorToasts(page)).toHaveCount(0);
  // The placed order's cart is emptied after the reply (the success page, and the server); a line
  // added before that is done would go with it, so the next line waits for the empty cart.
  await page.waitForLoadState('networkidle');
  await expect.poll(async () => ((await (await page.request.get('/api/cart')).json()) as unknown[]).length).toBe(0);

  await addToCart(page, second!);
  await page.goto('/checkout');
  await expect(officeRadio).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Meera Iyer, 12 Marine Drive, Mumbai' })).not.toBeChecked();
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
    await expectHeadingsInOrder(page);
  }
});

test('on a phone the cart keeps its total and Proceed to Checkout at the bottom of the screen, above the footer', async ({
  page,
  request,
}) => {
  test.slow(); // the cart at two widths, each checked with axe
  const [product] = await inStock(request, 1);
  await logInByUi(page, await signUpByApi(request));
  await addToCart(page, product!);

  await page.setViewportSize(PHONE);
  await page.goto('/cart');
  const bar = page.getByRole('region', { name: 'Checkout bar' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(`Total (1 item)`);
  await expect(bar).toContainText(`₹${product!.discountedPrice.toLocaleString('en-IN')}`);
  const atBottom = async () => {
    const box = (await bar.boundingBox())!;
    return Math.round(box.y + box.height);
  };
  expect(await atBottom()).toBe(PHONE.height);
  await expectNoSeriousA11yViolations(page);
  await expectHeadingsInOrder(page);

  // Scrolled to the end, the footer's last line still shows above the bar.
  await page.keyboard.press('End');
  await expect.poll(atBottom).toBe(PHONE.height);
  // Polled: the page may still be scrolling (smoothly) when the key's default action returns.
  const footerAboveBar = async () => {
    const footerEnd = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().bottom);
    return footerEnd <= (await bar.boundingBox())!.y + 1;
  };
  await expect.poll(footerAboveBar).toBe(true);

  await bar.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // On a wide screen the summary beside the lines does this; the bar is not there.
  await page.setViewportSize(DESKTOP);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(bar).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  await expectHeadingsInOrder(page);
});

test("the shopper's filters offer only categories and brands with products, the admin's every one; the listing's headings are in order", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow(); // the listing at two widths, the filters panel, the admin's list
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  for (const [url, label] of [['/api/category', `Empty Shelf ${tag}`], ['/api/brands', `Quiet Loom ${tag}`]] as const)
    expect((await admin.post(url, { data: { label } })).status()).toBe(201);
  await admin.dispose();

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    await expectHeadingsInOrder(page);
  }
  // The slide-in filters (Headless UI, loaded at the first press) give focus back to their button.
  const opener = page.getByRole('button', { name: 'Filters' });
  for (const close of ['Close filters', 'Show results']) {
    await opener.click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: close }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
    await expect(opener).toBeFocused();
  }

  await page.setViewportSize(DESKTOP);
  const filters = page.getByRole('complementary');
  await expect(filters.getByRole('checkbox', { name: 'Silk Sarees' })).toBeVisible();
  await expect(filters.getByRole('checkbox')).not.toHaveCount(0);
  await expect(filters.getByRole('checkbox', { name: `Empty Shelf ${tag}` })).toHaveCount(0);
  await expect(filters.getByRole('checkbox', { name: `Quiet Loom ${tag}` })).toHaveCount(0);

  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('checkbox', { name: `Empty Shelf ${tag}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Quiet Loom ${tag}` })).toBeVisible();
});

test('focus goes back to the button that opened a modal when it closes', async ({ page, request }) => {
  await logInByUi(page, await signUpByApi(request));
  const me = (await (await page.request.get('/api/users/owner')).json()) as { id: number };
  await send(page, 'PATCH', `/api/users/${me.id}`, { addresses: [home] });
  await page.goto('/profile');
  const opener = page.getByRole('button', { name: 'Delete address of Meera Iyer, 12 Marine Drive' });
  const dialog = page.getByRole('dialog', { name: 'Delete address' });

  await opener.click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Are you sure you want to delete this address?')).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Are you sure you want to delete this address?')).toBeHidden();
  await expect(opener).toBeFocused();
});
