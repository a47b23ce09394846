import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  test,
  expect,
  DEMO_ADMIN,
  inStock,
  logInByUi,
  newUser,
  signUpByApi,
  type Listed,
  type NewUser,
} from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/** A new shopper places one cash order through the API; returns its id. */
async function placeOrder(api: APIRequestContext, user: NewUser, product: Listed, quantity = 1) {
  await signUpByApi(api, user);
  expect(
    (await api.post('/api/auth/login', { data: { email: user.email, password: user.password } })).ok(),
  ).toBe(true);
  const cart = await api.post('/api/cart', {
    data: { product: product.id, quantity, color: product.colors[0], size: product.sizes[0] },
  });
  expect(cart.status(), await cart.text()).toBe(201);
  const address = {
    name: user.name,
    email: user.email,
    phone: user.phoneNumber,
    street: '12 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    pinCode: '400002',
  };
  const res = await api.post('/api/orders', { data: { selectedAddress: address, paymentMethod: 'cash' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Screenshots at 1280 and 390 px wide, kept with the test's output for a person to look at. */
async function shots(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin lands on the dashboard after signing in and sees the day’s sales drawn as a chart', async ({
  page,
  playwright,
  request,
  baseURL,
}, info) => {
  const [product] = await inStock(request, 1);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  await placeOrder(api, newUser(), product!, 2);
  await api.dispose();

  await logInByUi(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const orders = page
    .getByRole('term')
    .filter({ hasText: /^Orders$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(orders).not.toHaveText('0');
  // uPlot draws on a canvas: the chart is there and painted, and its figures are in a table for screen readers.
  const canvas = page.getByTestId('sales-chart').locator('canvas');
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(600);
  await expect(page.getByRole('table', { name: 'Revenue and orders per day' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Top 10 by revenue' })).toBeVisible();

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/period=7$/);
  await expect(
    page.getByRole('table', { name: 'Revenue and orders per day' }).locator('tbody tr'),
  ).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'dashboard');
});

test('an admin finds a shopper’s order by email, changes its status with a toast and sees it in the history', async ({
  page,
  playwright,
  request,
  baseURL,
}, info) => {
  const [a, b] = await inStock(request, 2);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const shopper = newUser();
  const mine = await placeOrder(api, shopper, a!);
  await api.dispose();
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  await placeOrder(other, newUser(), b!);
  await other.dispose();

  await logInByUi(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(shopper.email.toUpperCase()).replace(/\./g, '\\.')}`),
  );
  await expect(page.getByText('1 order matches')).toBeVisible();
  const rows = page.getByRole('table', { name: 'All orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Order #${mine}`);
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'orders-search');

  await page.getByRole('button', { name: `View order #${mine}` }).click();
  await page.getByRole('combobox', { name: 'Change status' }).selectOption('dispatched');
  await expect(page.getByText(`Order #${mine} marked Dispatched`)).toBeVisible();
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Placed · Pending.*Placed by/,
    /Pending → Dispatched.*By /,
  ]);
  await shots(page, info, 'order-detail-history');
});
