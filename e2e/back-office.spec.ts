import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import {
  test,
  expect,
  DEMO_ADMIN,
  inStock,
  logInByUi,
  newUser,
  placeCashOrderByApi,
} from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

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
  await placeCashOrderByApi(api, newUser(), [{ product: product!, quantity: 2 }]);
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
  const mine = await placeCashOrderByApi(api, shopper, [{ product: a!, quantity: 1 }]);
  await api.dispose();
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  await placeCashOrderByApi(other, newUser(), [{ product: b!, quantity: 1 }]);
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
  // Shipped by booking its parcel: the courier and the AWB typed by hand.
  const shipment = page.getByRole('region', { name: 'Shipment' });
  const awb = `E2E-${mine}-${Date.now()}`;
  await shipment.getByLabel('Courier name').fill('Delhivery');
  await shipment.getByLabel('AWB').fill(awb);
  await shipment.getByRole('button', { name: 'Book shipment' }).click();
  await expect(page.getByText(`Shipment booked: AWB ${awb}`)).toBeVisible();
  await expect(shipment.getByRole('link', { name: /Print label/ })).toHaveAttribute('href', `/api/orders/${mine}/label`);
  await expect(shipment.getByRole('link', { name: /Tracking page/ })).toHaveAttribute('href', `/track/${mine}`);
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Placed · Pending.*Placed by/,
    /Pending → Dispatched.*By /,
  ]);
  await shots(page, info, 'order-detail-history');
});

test('an admin imports a product CSV with one bad row: sees the preview and the line, fixes it and imports', async ({
  page,
  request,
}, info) => {
  await logInByUi(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

  const header =
    'id,title,description,brand,category,price,discountPercentage,discountedPrice,rating,stock,thumbnail,images,colors,sizes,highlights,deleted';
  const tag = Date.now().toString(36);
  const row = (title: string, price: string) =>
    `,${title},Handloom cotton,Journey Looms,Sarees,${price},5,,,8,https://example.com/t.webp,"[""https://example.com/1.webp"",""https://example.com/2.webp"",""https://example.com/3.webp""]","[""#0f6e6e""]",[42],"[""Cotton"",""Handloom"",""Soft"",""Blouse piece""]",false`;
  const bad = [header, row(`Ilkal ${tag}`, '1800'), row(`Kasavu ${tag}`, '0'), ''].join('\n');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const preview = page.getByRole('table', { name: "The file's first rows" });
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview).toContainText(`Ilkal ${tag}`);
  const problems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(problems.getByRole('listitem')).toHaveText(['Line 3Price must be at least 1']);
  await expect(page.getByText('1 problem found; nothing has been imported.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'import-errors');

  const good = [header, row(`Ilkal ${tag}`, '1800'), row(`Kasavu ${tag}`, '2200'), ''].join('\n');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'products-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(page.getByText('This will add 2 new products and update 0 products.')).toBeVisible();
  await page.getByRole('button', { name: 'Import products' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toContainText(
    '2 products added, 0 products updated.',
  );
  await shots(page, info, 'import-done');
  const found = (await (await request.get(`/api/products/suggest?q=${tag}&limit=5`)).json()) as {
    title: string;
  }[];
  expect(found.map((p) => p.title).sort()).toEqual([`Ilkal ${tag}`, `Kasavu ${tag}`]);
});

test('an admin prints the packing slip of an order: the print stylesheet leaves the slip alone, address large', async ({
  page,
  playwright,
  request,
  baseURL,
}, info) => {
  const [product] = await inStock(request, 1);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const shopper = newUser();
  const id = await placeCashOrderByApi(api, shopper, [{ product: product!, quantity: 2 }]);
  await api.dispose();

  await logInByUi(page, DEMO_ADMIN);
  await page.goto(`/admin/order-detail?id=${id}`);
  await page.getByRole('link', { name: 'Packing slip' }).click();
  const slip = page.getByRole('article', { name: `Packing slip for order #${id}` });
  await expect(slip).toContainText('Saree Pari');
  await expect(slip.getByRole('region', { name: 'Deliver to' })).toContainText(shopper.name);
  await expect(slip.getByRole('table', { name: 'What is in the parcel' }).locator('tbody tr')).toHaveCount(1);
  await expect(slip.locator('tbody td').last()).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const addressSize = await slip
    .locator('address')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(addressSize).toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: info.outputPath('packing-slip-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await shots(page, info, 'packing-slip');
});

test('an admin ticks orders on All Orders and prints their packing slips together, each naming its invoice', async ({
  page,
  playwright,
  request,
  baseURL,
}, info) => {
  const [a, b] = await inStock(request, 2);
  // A name of letters only (as sign-up wants), unique to this test: the search finds its two orders.
  const name = `Kavya ${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
  const ids: number[] = [];
  for (const product of [a!, b!]) {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    ids.push(await placeCashOrderByApi(api, { ...newUser(), name }, [{ product: product, quantity: 1 }]));
    await api.dispose();
  }

  await logInByUi(page, DEMO_ADMIN);
  await page.goto(`/admin/orders?search=${encodeURIComponent(name)}`);
  await expect(page.getByText('2 orders match')).toBeVisible();
  await expect(page.getByText('Tick orders to print their packing slips')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select order #${ids[0]}` }).check();
  await expect(page.getByRole('checkbox', { name: 'Select every order on this page' })).toHaveJSProperty(
    'indeterminate',
    true,
  );
  await page.getByRole('checkbox', { name: 'Select every order on this page' }).check();
  await expect(page.getByRole('checkbox', { name: `Select order #${ids[1]}` })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shots(page, info, 'orders-selected');
  await page.getByRole('link', { name: 'Packing slips (2)' }).click();

  await expect(page.getByRole('heading', { name: '2 packing slips' })).toBeVisible();
  for (const id of ids) {
    const slip = page.getByRole('article', { name: `Packing slip for order #${id}` });
    await expect(slip.getByRole('region', { name: 'Deliver to' })).toContainText(name);
    await expect(slip).toContainText(/Invoice INV\/\d{2}-\d{2}\/\d{6}/);
    const invoice = slip.getByRole('link', { name: /Open tax invoice INV\// });
    await expect(invoice).toHaveAttribute('href', `/api/orders/${id}/invoice`);
  }
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: /Open tax invoice/ }).first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  // The PDF behind the link is the order's invoice, for the admin.
  const pdf = await page.request.get(`/api/orders/${ids[0]}/invoice`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
