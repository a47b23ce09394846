import type { Locator, Page } from '@playwright/test';
import { test, expect, DEMO_ADMIN, inStock, logInByUi, newUser, placeCashOrderByApi, signUpByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';


const table = (page: Page) => page.getByRole('table', { name: 'All orders' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const orderRow = (page: Page, id: number): Locator => bodyRows(page).filter({ hasText: `Order #${id} ·` });
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });

/** The column's values on the page as numbers or text, read from the cells (time cells by their datetime). */
async function columnValues(
  page: Page,
  column: 'Total Amount' | 'Payment Method' | 'Order Time' | 'Last Updated',
) {
  // The column's place from the headers (the first is the packing-slip tick, issue 16).
  const headers = await page.getByRole('table', { name: 'All orders' }).locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.toLowerCase().includes(column.toLowerCase()));
  expect(index, `the ${column} column`).toBeGreaterThan(0);
  const cells = bodyRows(page).locator(`td:nth-child(${index + 1})`);
  if (column === 'Total Amount')
    return (await cells.allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  if (column === 'Payment Method') return cells.allInnerTexts();
  return cells
    .locator('time')
    .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
}

const isSorted = (values: (number | string)[], order: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (order === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

test('an admin sorts all orders, expands a row and changes a status from the table and from the detail page; the shopper sees it', async ({
  page,
  playwright,
  request,
  baseURL,
  browser,
}) => {
  test.slow();
  const [a, b, c] = await inStock(request, 3);
  const shopper = newUser();
  // Three orders of different sizes, so every sort has something to order.
  const orders: number[] = [];
  for (const lines of [
    [
      { product: a!, quantity: 1 },
      { product: b!, quantity: 2 },
      { product: c!, quantity: 1 },
    ],
    [{ product: a!, quantity: 3 }],
    [{ product: c!, quantity: 1 }],
  ]) {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    orders.push(await placeCashOrderByApi(api, orders.length === 0 ? shopper : newUser(), lines));
    await api.dispose();
  }
  const bigOrder = orders[0]!;

  await logInByUi(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await expect(page.getByText('Manage and track all customer orders')).toBeVisible();
  for (const name of ['Items', 'Shipping Address', 'Status', 'Actions'])
    await expect(header(page, name)).toBeVisible();
  expect(await bodyRows(page).count()).toBeGreaterThanOrEqual(3);
  // Newest first by default.
  await expect(header(page, 'Order Time')).toHaveAttribute('aria-sort', 'descending');
  expect(isSorted(await columnValues(page, 'Order Time'), 'desc')).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // A first click sorts ascending, a second click on the same column descending.
  for (const column of ['Total Amount', 'Payment Method', 'Last Updated', 'Order Time'] as const) {
    const button = header(page, column).getByRole('button');
    for (const order of ['asc', 'desc'] as const) {
      const answered = page.waitForResponse(
        (r) => r.url().includes('/api/orders/admin') && r.url().includes(`_order=${order}`),
      );
      await button.click();
      await answered;
      await expect(header(page, column)).toHaveAttribute(
        'aria-sort',
        order === 'asc' ? 'ascending' : 'descending',
      );
      await expect(page).toHaveURL(new RegExp(`order=${order}`));
      await expect
        .poll(async () => isSorted(await columnValues(page, column), order), `${column} ${order}`)
        .toBe(true);
    }
  }

  // Newest first again: the order just placed is on page 1. It has 3 lines, 2 shown until expanded.
  const row = orderRow(page, bigOrder);
  await expect(row).toContainText(shopper.name);
  await expect(row).toContainText('12 Marine Drive');
  await expect(row).toContainText('400002');
  await expect(row).toContainText(shopper.phoneNumber);
  await expect(row.getByText('Cash', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Qty: \d+ × ₹/)).toHaveCount(2);
  await row.getByRole('button', { name: 'Show More' }).click();
  await expect(row.getByText(/^Qty: \d+ × ₹/)).toHaveCount(3);
  await expect(row.getByText('Qty: 2 × ₹', { exact: false })).toBeVisible();
  await row.getByRole('button', { name: 'Show Less' }).click();
  await expect(row.getByText(/^Qty: \d+ × ₹/)).toHaveCount(2);

  // Status from the table: the badge becomes a dropdown; choosing sends the change and closes it.
  await expect(row.getByText(/^pending$/i)).toBeVisible();
  await row.getByRole('button', { name: `Edit status of order #${bigOrder}` }).click();
  const select = row.getByRole('combobox', { name: `Status of order #${bigOrder}` });
  await expect(select).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await select.selectOption('dispatched');
  await expect(select).toHaveCount(0);
  await expect(row.getByText(/^dispatched$/i)).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/orders/${bigOrder}`)).json()) as { status: string }).status,
    )
    .toBe('dispatched');

  // The detail page, its status selector, and a reload there.
  await row.getByRole('button', { name: `View order #${bigOrder}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order-detail\\?id=${bigOrder}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${bigOrder}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The stage control offers only the next stages, and asks before one that mails the shopper.
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('group', { name: 'Move to' }).getByRole('button', { name: 'Mark delivered' }).click();
  const ask = page.getByRole('dialog', { name: `Mark order #${bigOrder} delivered?` });
  await expect(ask).toContainText('The shopper is mailed that the order is delivered.');
  await ask.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(ask).toBeHidden();
  await expect(status.locator('span').filter({ hasText: /^delivered$/i }).first()).toBeVisible();
  await expect(status).toContainText('Stage: Delivered');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${bigOrder}` })).toBeVisible();
  await expect(status).toContainText('Stage: Delivered');
  await expect(status.getByRole('group', { name: 'Move to' })).toHaveCount(0);

  // The shopper sees the new status in My Orders.
  const shopperContext = await browser.newContext({ baseURL });
  const shopperPage = await shopperContext.newPage();
  await logInByUi(shopperPage, shopper);
  await shopperPage.goto('/orders');
  const card = shopperPage.getByRole('article', { name: `Order #${bigOrder}`, exact: true });
  await expect(card.getByText(/^delivered$/i)).toBeVisible();
  await shopperContext.close();
});

test('on a phone an admin gets one card per order, with sorting, the items and the status, and nothing scrolls sideways', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const [a, b, c] = await inStock(request, 3);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const id = await placeCashOrderByApi(api, newUser(), [
    { product: a!, quantity: 1 },
    { product: b!, quantity: 2 },
    { product: c!, quantity: 1 },
  ]);
  await api.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  const card = page.getByRole('list', { name: 'All orders' }).getByRole('article', { name: `Order #${id}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const label of ['Status', 'Payment Method', 'Shipping Address', 'Order Time', 'Last Updated'])
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  await expect(card).toContainText('12 Marine Drive');
  await expect(card.getByText('Cash', { exact: true })).toBeVisible();
  // Neither the page nor a card is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await expect(card.getByText(/^Qty: \d+ × ₹/)).toHaveCount(2);
  await card.getByRole('button', { name: 'Show More' }).click();
  await expect(card.getByText(/^Qty: \d+ × ₹/)).toHaveCount(3);

  await card.getByRole('button', { name: `Edit status of order #${id}` }).click();
  await card.getByRole('combobox', { name: `Status of order #${id}` }).selectOption('cancelled');
  await expect(card.getByText(/^cancelled$/i)).toBeVisible();
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/orders/${id}`)).json()) as { status: string }).status,
    )
    .toBe('cancelled');

  // The header rule on the sort chips: ascending first, then descending.
  const chips = page.getByRole('group', { name: 'Sort orders by' });
  for (const order of ['asc', 'desc'] as const) {
    // The chip's status changes at the click; the cards only when the sorted list arrives.
    const sorted = page.waitForResponse((r) => r.url().includes('/api/orders/admin?') && r.url().includes(`_sort=totalAmount&_order=${order}`));
    await chips.getByRole('button', { name: 'Total Amount' }).click();
    await expect(page).toHaveURL(new RegExp(`sort=totalAmount&order=${order}`));
    await expect(chips.getByRole('status')).toHaveText(
      `Sorted by Total Amount, ${order === 'asc' ? 'ascending' : 'descending'}`,
    );
    await sorted;
  }
  const list = page.getByRole('list', { name: 'All orders' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  // Sorted, this order may be on another page: view the first card's order.
  const first = list.getByRole('article').first();
  const firstId = (await first.getAttribute('aria-label'))!.replace('Order #', '');
  await first.getByRole('button', { name: `View order #${firstId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${firstId}` })).toBeVisible();
});

test('the order detail page sends an admin home when no order can be found', async ({ page }) => {
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin/order-detail');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/order-detail?id=999999999');
  await expect(page).toHaveURL(/\/$/);
});

test('the route /admin/Orders shows the same All Orders page as /admin/orders', async ({ page }) => {
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin/Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await expect(page.getByText('Manage and track all customer orders')).toBeVisible();
});

const ADMIN_ROUTES = [
  '/admin',
  '/admin/product-detail/1',
  '/admin/product-form',
  '/admin/product-form/edit/1',
  '/admin/Orders',
  '/admin/orders',
  '/admin/order-detail',
  '/admin/order-detail?id=1',
];

test('a signed-out visitor is sent to /login from every admin route', async ({ page }) => {
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('a shopper is sent home from every admin route', async ({ page, request }) => {
  await logInByUi(page, await signUpByApi(request));
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  }
});
