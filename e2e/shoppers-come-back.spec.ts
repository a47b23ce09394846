import sharp from 'sharp';
import { test, expect, DEMO_ADMIN, inStock, logInByUi, newUser, ownProduct, placeCashOrderByApi, sharedInches, signUpByApi, waitForMail } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const phoneSize = { width: 390, height: 844 };

// Each test works on its own product: the journeys running beside them keep their ratings and stock.
test('a buyer writes a review with a photo on a phone, and it shows with its stars and “Verified purchase”', async ({ browser, playwright }, info) => {
  test.slow(); // an order, an upload and a review
  const baseURL = info.project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const [model] = await inStock(api, 1, sharedInches);
  const product = await ownProduct(baseURL, model!, 10, 'Review Banarasi');
  const buyer = newUser();
  await placeCashOrderByApi(api, buyer, [{ product, quantity: 1 }]);

  const phone = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: phoneSize });
  const page = await phone.newPage();
  await logInByUi(page, buyer);
  await page.goto(`/product-detail/${product.id}`);
  const reviews = page.getByRole('region', { name: 'Ratings & Reviews' });
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  // The stars are radio buttons drawn as stars: chosen from the keyboard, as a screen-reader user would.
  const fourStars = form.getByRole('radio', { name: /^4 stars/ });
  await fourStars.focus();
  await page.keyboard.press('Space');
  await expect(fourStars).toBeChecked();
  await form.getByLabel('Title').fill('Soft silk, true colour');
  await form.getByLabel('Your review').fill('The zari is fine and the colour is exactly as shown. Draped well for the sangeet.');
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 140, g: 30, b: 50 } } }).png().toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'drape.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you! Your review is published.')).toBeVisible();

  const mine = reviews.getByRole('article').filter({ hasText: 'Soft silk, true colour' });
  await expect(mine).toContainText('Verified purchase');
  await expect(mine.getByRole('img').first()).toBeVisible();
  await expect(reviews).toContainText('1 review');
  // The product's rating is now its reviews' average.
  const json = (await (await api.get(`/api/products/${product.id}`)).json()) as { rating: number; reviewCount: number };
  expect(json).toMatchObject({ rating: 4, reviewCount: 1 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('review-390.png'), fullPage: true });
  await phone.close();
  await api.dispose();
});

test('a visitor keeps a saree on a phone signed out, signs in, and finds it in their wishlist', async ({ browser, playwright }, info) => {
  const baseURL = info.project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const [model] = await inStock(api, 1, sharedInches);
  const phone = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: phoneSize });
  const page = await phone.newPage();
  await page.goto(`/product-detail/${model!.id}`);
  const heart = page.getByRole('button', { name: 'Add to wishlist' });
  await heart.click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await expect(page.getByRole('list', { name: 'Your wishlist' })).toContainText(model!.title);

  const shopper = await signUpByApi(api, newUser());
  await logInByUi(page, shopper);
  await page.goto('/wishlist');
  await expect(page.getByRole('list', { name: 'Your wishlist' })).toContainText(model!.title);
  // Kept on the server now: the same on any device.
  const kept = (await (await page.request.get('/api/wishlist')).json()) as { items: { productId: number }[] };
  expect(kept.items.map((i) => i.productId)).toContain(model!.id);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('wishlist-390.png'), fullPage: true });
  await phone.close();
  await api.dispose();
});

test('a visitor asks to hear when a sold-out saree is back, confirms by mail, and is mailed once the owner restocks it', async ({ browser, playwright }, info) => {
  test.slow(); // the sweep runs every minute
  const baseURL = info.project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const [model] = await inStock(api, 1, sharedInches);
  // Its last piece sold: a product's own stock cannot be set to 0 by hand.
  const product = await ownProduct(baseURL, model!, 1, 'Restock Chanderi');
  await placeCashOrderByApi(api, newUser(), [{ product, quantity: 1 }]);
  const email = `notify-${Date.now().toString(36)}@example.com`;

  const phone = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: phoneSize });
  const page = await phone.newPage();
  await page.goto(`/product-detail/${product.id}`);
  await expect(page.getByText('Out of stock').first()).toBeVisible();
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(page.getByText('Check your inbox to confirm.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('notify-me-390.png'), fullPage: true });

  const confirm = await waitForMail(email, '/notify-me/confirm');
  const link = /\/notify-me\/confirm\?token=[A-Za-z0-9_-]+/.exec(confirm)?.[0];
  expect(link, confirm).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('main')).toContainText(product.title);

  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const restocked = await admin.patch(`/api/products/${product.id}`, { data: { stock: 6 } });
  expect(restocked.status(), await restocked.text()).toBe(200);
  const mail = await waitForMail(email, `/product-detail/${product.id}`, 150_000);
  expect(mail).toContain(product.title);
  await admin.dispose();
  await phone.close();
  await api.dispose();
});
