import { request as newRequest, type Page } from '@playwright/test';
import { test, expect, catalogue, DEMO_ADMIN, logInByUi, signUpByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const MAROON = '#7a1f2b';
const GREEN = '#1f6b3a';

interface Made {
  id: number;
  title: string;
  greenPhotos: string[];
}

/**
 * A kurta in two colours × two sizes with stock per variant (issue 28), made by the demo admin:
 * M in Maroon 1, M in Green 0, L in Maroon 3, L in Green 2; Green has photos of its own.
 */
async function kurtaWithVariants(baseURL: string | undefined): Promise<Made> {
  const admin = await newRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const seeded = await catalogue(admin);
  const model = (await (await admin.get(`/api/products/${seeded[0]!.id}`)).json()) as Record<string, unknown>;
  const uploads = seeded
    .slice(1)
    .map((p) => (p as unknown as { thumbnail: string }).thumbnail)
    .filter((url) => url.startsWith('/uploads/'));
  const greenPhotos = uploads.slice(0, 2);
  expect(greenPhotos, 'seeded pictures to reuse').toHaveLength(2);
  const title = `Chanderi Kurta ${Date.now().toString(36)}`;
  const created = await admin.post('/api/products', {
    data: {
      title,
      description: 'Chanderi silk-cotton kurta with hand-done gota work at the yoke.',
      brand: model.brand,
      category: model.category,
      price: 2400,
      discountPercentage: 10,
      highlights: ['Chanderi silk-cotton', 'Gota work', 'Straight fit', 'Dry clean only'],
      thumbnail: model.thumbnail,
      images: model.images,
      sizeUnit: 'in',
      variants: [
        { color: MAROON, size: 'M', stock: 1, sku: null, price: null },
        { color: GREEN, size: 'M', stock: 0, sku: null, price: null },
        { color: MAROON, size: 'L', stock: 3, sku: null, price: null },
        { color: GREEN, size: 'L', stock: 2, sku: null, price: null },
      ],
      colorImages: [{ color: GREEN, images: greenPhotos }],
      details: { fabric: 'Chanderi silk-cotton', work: 'Gota patti', occasion: 'Festive', washCare: 'Dry clean only', netQuantity: '1 kurta' },
      sizeChart: { unit: 'in', measurements: ['Bust', 'Waist', 'Length'], rows: [{ size: 'M', values: [38, 34, 44] }, { size: 'L', values: [40, 36, 44] }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.dispose();
  return { id, title, greenPhotos };
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const sizes = (page: Page) => page.getByRole('group', { name: /^Size/ });

/** The product page, Green picked: its photos, M struck through and refused, L added. */
async function pickGreenAndAdd(page: Page, kurta: Made, screenshot: string) {
  await page.goto(`/product-detail/${kurta.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kurta.title })).toBeVisible();

  await page.getByRole('group', { name: /^Colour/ }).getByRole('radio').nth(1).check();
  await expect(page.getByRole('group', { name: /^Colour/ })).toContainText('Green');
  const picture = page.getByRole('img', { name: new RegExp(`^${kurta.title} in .*Green, picture 1 of 2$`) });
  await expect(picture).toHaveAttribute('src', kurta.greenPhotos[0]!);
  await expect(page.getByRole('list', { name: 'Pictures' }).getByRole('listitem')).toHaveCount(2);

  const soldOut = sizes(page).getByRole('radio', { name: 'M, sold out' });
  await expect(soldOut).toHaveAttribute('aria-disabled', 'true');
  const look = await soldOut.evaluate((el) => getComputedStyle(el.nextElementSibling!).textDecorationLine);
  expect(look).toContain('line-through');
  // Playwright waits for an aria-disabled radio to be enabled; a shopper can still click it.
  await soldOut.click({ force: true });
  await expect(soldOut).not.toBeChecked();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Please select a size')).toBeVisible();
  // The toast lies over the page's top right, where the sizes may be.
  await page.locator('.Toastify').getByRole('button', { name: 'close' }).click();
  await expect(toast(page, 'Please select a size')).toBeHidden();

  await sizes(page).getByRole('radio', { name: 'L', exact: true }).check();
  await expect(page.getByText('Only 2 left in stock')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Fabric Chanderi silk-cotton$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshot, fullPage: true });

  await page.getByRole('button', { name: 'Size chart' }).click();
  const chart = page.getByRole('dialog', { name: 'Size chart' });
  await expect(chart.getByRole('row').nth(1)).toContainText('96.5 cm');
  await expect(chart.getByRole('row').nth(1)).toContainText('38 in');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(chart).toBeHidden();
  await expect(page.getByRole('button', { name: 'Size chart' })).toBeFocused();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${kurta.title} added to cart`)).toBeVisible();
}

async function expectInCart(page: Page, kurta: Made) {
  await page.goto('/cart');
  const line = page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: kurta.title });
  await expect(line).toContainText('Size: L');
  await expect(line).toContainText('Colour: Bottle Green');
  await expect(line).toContainText('₹2,160');
  await expectNoSeriousA11yViolations(page);
}

test('a shopper picks a colour, sees its photos, cannot add a size sold out in it, and adds one in stock (1280 px)', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const kurta = await kurtaWithVariants(baseURL);
  await logInByUi(page, await signUpByApi(request));
  await pickGreenAndAdd(page, kurta, '/tmp/variants-1280.png');
  await expectInCart(page, kurta);
  const cart = (await (await page.request.get('/api/cart')).json()) as { variant: { size: string } | null; size: number }[];
  expect(cart.map((l) => [l.variant?.size, l.size])).toEqual([['L', 40]]);
});

test('a visitor on a phone does the same, the bag keeping the colour and size (390 px)', async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const kurta = await kurtaWithVariants(baseURL);
  await pickGreenAndAdd(page, kurta, '/tmp/variants-390.png');
  await expectInCart(page, kurta);
});
