import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { test, expect, DEMO_ADMIN, logInByUi, signUpByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/** A real PNG made for the test: a flat colour picture in the shop's 3:4 portrait shape. */
async function png(name: string, r: number, g: number, b: number) {
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const toasts = (page: Page, text: string) =>
  page
    .locator('.Toastify')
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^${escapeRe(text)}$`) });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Asserts that `action` raises a toast with exactly `text` (waiting out an earlier one with that text). */
async function expectToast(page: Page, text: string, action: () => Promise<void>) {
  await expect(toasts(page, text)).toHaveCount(0, { timeout: 8_000 });
  await action();
  await expect(toasts(page, text).first()).toBeVisible();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The form's own Delete button (the confirmation has one too, outside <main>). */
const deleteButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Delete', exact: true });

async function addOption(page: Page, kind: 'Brand' | 'Category', name: string) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const d = dialog(page, `Add ${kind}`);
  await expect(d).toContainText(`Enter the name of the ${kind.toLowerCase()}`);
  await d.getByLabel(`${kind} name`).fill(name);
  await d.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(d).toBeHidden();
  // The new option is appended and chosen.
  await expect(field(page, kind)).toHaveValue(name);
}

async function upload(page: Page, label: string, file: Awaited<ReturnType<typeof png>>) {
  await field(page, `Upload ${label}`).setInputFiles(file);
  await expect(page.getByRole('img', { name: `${label} preview` })).toBeVisible();
  await expect(field(page, `${label} URL`)).toHaveValue(/^\/uploads\/[0-9a-f]+\.webp$/);
}

function shopperCard(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
}

test('an admin adds a brand and a category, creates a product from uploaded pictures, edits its price and deletes it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // one product's whole life, seen by the admin and by a shopper
  const tag = randomBytes(3).toString('hex');
  const title = `Paithani Silk Saree ${tag}`;
  const brand = `Yeola Weavers ${tag}`;
  const category = `Paithani ${tag}`;

  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await expect(page).toHaveURL(/\/admin\/product-form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await expect(page.getByText('Fill in the details below')).toBeVisible();
  for (const section of [
    'Basic Information',
    'Brand & Category',
    'Pricing',
    'Colors & Sizes',
    'Stock & Variants',
    'Product Images',
    'Product Highlights',
    'Details',
    'Size chart',
    'Tax',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }

  await field(page, 'Product Name').fill(title);
  await field(page, 'Description').fill('Handwoven in Yeola with a peacock pallu and a gold zari border.');
  await addOption(page, 'Brand', brand);
  await addOption(page, 'Category', category);
  await field(page, 'Price (₹)').fill('2000');
  await field(page, 'Discount (%)').fill('10');
  await field(page, 'Stock').fill('5');
  await field(page, 'Highlight 1').fill('Pure silk');
  await page.getByRole('button', { name: 'Add highlight' }).click();
  await field(page, 'Highlight 2').fill('Peacock pallu');
  await field(page, 'Color').fill('#0f6e6e');
  await expectToast(page, 'Color added', () => page.getByRole('button', { name: 'Add Color' }).click());
  await field(page, 'Size').fill('216');
  await expectToast(page, 'Size added', () => page.getByRole('button', { name: 'Add Size' }).click());

  // The thumbnail's upload is held at the network until the progress bar and spinner have been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/uploads', async (route) => {
    await held;
    await route.continue();
  });
  await field(page, 'Upload Photo 1').setInputFiles(await png('thumb.png', 15, 110, 110));
  await expect(page.getByRole('progressbar', { name: 'Photo 1 upload progress' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Uploading Photo 1' })).toBeAttached();
  release();
  await expect(toasts(page, 'Image uploaded successfully!').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 preview' })).toBeVisible();
  await page.unroute('**/api/uploads');

  const addPhoto = page.getByRole('button', { name: 'Add photo', exact: true });
  await addPhoto.click();
  await upload(page, 'Photo 2', await png('one.png', 122, 31, 43));
  await addPhoto.click();
  await upload(page, 'Photo 3', await png('two.png', 224, 165, 38));
  await addPhoto.click();
  await upload(page, 'Photo 4', await png('three.png', 20, 60, 120));
  await expectToast(page, 'Image removed', () =>
    page.getByRole('button', { name: 'Remove Photo 4' }).click(),
  );
  await expect(field(page, 'Photo 4 URL')).toHaveValue('');
  await upload(page, 'Photo 4', await png('three-again.png', 90, 20, 120));

  // Cancel closes the confirmation and nothing is sent.
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(dialog(page, 'Save Product')).toContainText('Are you sure you want to add this Product?');
  await dialog(page, 'Save Product').getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page, 'Save Product')).toBeHidden();

  await page.getByRole('button', { name: 'Save Product' }).click();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/products') && r.request().method() === 'POST',
  );
  await expectToast(page, 'Product Created Successfully', () =>
    dialog(page, 'Save Product').getByRole('button', { name: 'Save', exact: true }).click(),
  );
  const product = (await (await created).json()) as {
    id: number;
    images: string[];
    thumbnail: string;
    rating: number;
  };
  await expect(page).toHaveURL(/\/admin$/);
  // docs/product.md, Entities: the other photos, then the thumbnail; a new product starts at rating 0.
  expect(product.images).toHaveLength(4);
  expect(product.images[3]).toBe(product.thumbnail);
  expect(product.rating).toBe(0);

  // A shopper finds it, at the discounted price.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  await logInByUi(shopper, await signUpByApi(request));
  await shopper.goto(`/?search=${encodeURIComponent(title)}`);
  await expect(shopperCard(shopper, title)).toContainText('₹1,800');

  // The admin's product page, then an edit of the price.
  await page.goto(`/admin/product-detail/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Product' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product-form/edit/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(field(page, 'Product Name')).toHaveValue(title);
  await expect(field(page, 'Brand')).toHaveValue(brand);
  await expect(field(page, 'Photo 1 URL')).toHaveValue(product.thumbnail);
  await expect(field(page, 'Photo 2 URL')).toHaveValue(product.images[0]!);
  await expect(page.getByRole('button', { name: 'Save Product' })).toHaveCount(0);
  await field(page, 'Price (₹)').fill('3000');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(dialog(page, 'Update Product')).toContainText('Are you sure you want to update this Product?');
  await expectToast(page, 'Product Updated Successfully', () =>
    dialog(page, 'Update Product').getByRole('button', { name: 'Update', exact: true }).click(),
  );
  await expect(page).toHaveURL(/\/admin$/);
  await shopper.reload();
  await expect(shopperCard(shopper, title)).toContainText('₹2,700');

  // Delete: an outside click closes the confirmation, then a confirmed delete.
  await page.goto(`/admin/product-form/edit/${product.id}`);
  await deleteButton(page).click();
  await expect(dialog(page, `Delete ${title}`)).toContainText(
    'Are you sure you want to delete this Product?',
  );
  await page.mouse.click(5, 5);
  await expect(dialog(page, `Delete ${title}`)).toBeHidden();
  await deleteButton(page).click();
  await expectToast(page, 'Product Deleted Successfully', () =>
    dialog(page, `Delete ${title}`).getByRole('button', { name: 'Delete', exact: true }).click(),
  );
  await expect(page).toHaveURL(/\/admin$/);

  await shopper.reload();
  await expect(shopper.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(shopperCard(shopper, title)).toHaveCount(0);
  await shopperContext.close();

  // The admin still sees it, badged, under its own brand filter.
  await page.getByRole('checkbox', { name: brand }).check();
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Product deleted');
  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByText('This product is deleted')).toBeVisible();
  await expect(deleteButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Product' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin');
});

test('the product form shows every validation rule and refuses oversized and fake images', async ({
  page,
}) => {
  test.slow();
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin/product-form');
  await expectNoSeriousA11yViolations(page);

  await expectToast(page, 'Add at least one color and size', () =>
    page.getByRole('button', { name: 'Save Product' }).click(),
  );
  const messages = [
    'Name is required',
    'Description is required',
    'Brand is required',
    'Category is required',
    'Price is required',
    'Discount is required',
    'Stock is required',
    'Photo 1 is required',
    'Highlight is required',
  ];
  for (const m of messages) await expect(page.getByText(m, { exact: true })).toBeVisible();
  await expect(field(page, 'Product Name')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await field(page, 'Price (₹)').fill('0');
  await field(page, 'Discount (%)').fill('150');
  await field(page, 'Stock').fill('0');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText('Price must be at least 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Discount must be between 0 and 100', { exact: true })).toBeVisible();
  await expect(page.getByText('Stock must be at least 1', { exact: true })).toBeVisible();

  await field(page, 'Color').fill('#e0a526');
  await expectToast(page, 'Color added', () => page.getByRole('button', { name: 'Add Color' }).click());
  await expectToast(page, 'Color already added', () =>
    page.getByRole('button', { name: 'Add Color' }).click(),
  );
  await expectToast(page, 'Add at least one size', () =>
    page.getByRole('button', { name: 'Save Product' }).click(),
  );
  await expectToast(page, 'Color removed', () =>
    page.getByRole('button', { name: 'Remove color #e0a526' }).click(),
  );

  await field(page, 'Size').fill('0');
  await expectToast(page, 'Size must be greater than 0', () =>
    page.getByRole('button', { name: 'Add Size' }).click(),
  );
  await field(page, 'Size').fill('244');
  await expectToast(page, 'Size added', () => page.getByRole('button', { name: 'Add Size' }).click());
  await field(page, 'Size').fill('244');
  await expectToast(page, 'Size already added', () => page.getByRole('button', { name: 'Add Size' }).click());
  await expectToast(page, 'Add at least one color', () =>
    page.getByRole('button', { name: 'Save Product' }).click(),
  );
  await expectToast(page, 'Size removed', () =>
    page.getByRole('button', { name: 'Remove size 244' }).click(),
  );

  // 10 MB is the limit; the picker shows it and an 11 MB file is refused.
  await page.getByRole('button', { name: 'Add photo', exact: true }).click();
  await expect(page.getByText('MAX 10MB')).toHaveCount(2);
  const huge = { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024, 1) };
  await expectToast(page, 'Image size should be less than 10MB', () =>
    field(page, 'Upload Photo 1').setInputFiles(huge),
  );
  // The server's own refusal text reaches the admin: a file that only claims to be a PNG.
  const fake = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') };
  await expectToast(page, 'File is not a valid image', () =>
    field(page, 'Upload Photo 2').setInputFiles(fake),
  );
  await expect(page.getByRole('img', { name: 'Photo 1 preview' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Photo 2 preview' })).toHaveCount(0);

  // Add-brand dialog: Cancel and an outside click both close it.
  await page.getByRole('button', { name: 'Add Brand' }).click();
  await dialog(page, 'Add Brand').getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page, 'Add Brand')).toBeHidden();
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog(page, 'Add Category')).toContainText('Enter the name of the category');
  await page.mouse.click(5, 5);
  await expect(dialog(page, 'Add Category')).toBeHidden();

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the admin product list badges out-of-stock products, starts again at page 1 on a new sort and links each card', async ({
  page,
}) => {
  await logInByUi(page, DEMO_ADMIN);
  const all = await page.request.get('/api/products?admin=true&_per_page=1000');
  const soldOut = (
    (await all.json()) as { products: { title: string; brand: string; stock: number; deleted: boolean }[] }
  ).products.find((p) => p.stock <= 0 && !p.deleted);
  expect(soldOut, 'the demo catalogue has an out-of-stock product').toBeDefined();
  await page.goto(`/admin?brand=${encodeURIComponent(soldOut!.brand)}`);
  await expect(
    page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: soldOut!.title }),
  ).toContainText('Out of stock');

  await page.goto('/admin?page=2');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
  // A new sort starts again at page 1.
  await page.getByRole('button', { name: /^Sort/ }).click();
  await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  // Every card leads to the admin product page and has its own Edit link.
  const first = cards.first();
  const link = first.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/admin\/product-detail\/\d+$/);
  await expect(first.getByRole('link', { name: /^Edit / })).toHaveAttribute(
    'href',
    /^\/admin\/product-form\/edit\/\d+$/,
  );
  await link.click();
  await expect(page).toHaveURL(/\/admin\/product-detail\/\d+$/);
  await expect(page.getByRole('link', { name: 'Edit Product' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin sells a product with stock per colour and size, and sees each variant’s stock in the table', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const title = `Ikat Kurta ${tag}`;
  await logInByUi(page, DEMO_ADMIN);
  const some = (await (await page.request.get('/api/products?_per_page=1')).json()) as {
    products: { thumbnail: string }[];
  };
  await page.goto('/admin/product-form');
  await field(page, 'Product Name').fill(title);
  await field(page, 'Description').fill('Handloom cotton ikat, straight cut.');
  await field(page, 'Brand').selectOption({ index: 1 });
  await field(page, 'Category').selectOption({ index: 1 });
  await field(page, 'Price (₹)').fill('1800');
  await field(page, 'Discount (%)').fill('0');
  for (const hex of ['#7a1f2b', '#0f6e6e']) {
    await field(page, 'Color').fill(hex);
    await page.getByRole('button', { name: 'Add Color' }).click();
  }
  const letters = page.getByRole('group', { name: 'Letter sizes' });
  await letters.getByRole('button', { name: 'S', exact: true }).click();
  await letters.getByRole('button', { name: 'M', exact: true }).click();

  const stock = page.getByRole('region', { name: 'Stock & Variants' });
  await stock.getByRole('radio', { name: /Stock per colour and size/ }).check();
  const cells = stock.getByRole('spinbutton', { name: /^Stock, / });
  await expect(cells).toHaveCount(4);
  await expect(cells.first()).toBeFocused();
  for (const [i, n] of ['4', '0', '2', '6'].entries()) await cells.nth(i).fill(n);
  await stock
    .getByRole('textbox', { name: /^SKU, / })
    .first()
    .fill(`IK-${tag}-S`);
  await field(page, 'Highlight 1').fill('Handloom cotton');
  await field(page, 'Photo 1 URL').fill(some.products[0]!.thumbnail);

  await expectNoSeriousA11yViolations(page);
  await stock.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/admin-variants-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await stock.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/admin-variants-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Save Product' }).click();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/products') && r.request().method() === 'POST',
  );
  await dialog(page, 'Save Product').getByRole('button', { name: 'Save', exact: true }).click();
  const product = (await (await created).json()) as {
    stock: number;
    variants: { size: string; stock: number }[];
  };
  expect(product.stock).toBe(12);
  expect(product.variants.map((v) => `${v.size}:${v.stock}`)).toEqual(['S:4', 'M:0', 'S:2', 'M:6']);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin?view=table&search=${encodeURIComponent(title)}`);
  const toggle = page.getByRole('button', {
    name: new RegExp(`^Stock per variant of ${title}: 4 variants, 1 out of stock`),
  });
  await toggle.click();
  await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('row')).toHaveCount(
    5,
  );
  await page.screenshot({ path: '/tmp/admin-variants-table-1280.png' });
});
