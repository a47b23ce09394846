import { test, expect, DEMO_ADMIN, inStock, logInByUi, newUser, ownProduct, sharedInches, signUpByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

// The promotions cover this test's own product only: the journeys running beside it keep their prices.
test('the owner makes a Diwali sale and a code at a desk; a shopper sees the sale price on the listing and the code’s saving at checkout on a phone', async ({
  page,
  browser,
  playwright,
}, info) => {
  test.slow(); // two sessions, two promotions
  const baseURL = info.project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const [model] = await inStock(api, 1, sharedInches);
  // ₹9,999 at 10 % off: ₹8,999 before the sale.
  const product = await ownProduct(baseURL, model!, 20, 'Diwali Paithani');
  const code = `DIWALI${Date.now().toString(36).toUpperCase()}`;

  // The owner, at a desk: an automatic sale of ₹1,000 off each piece, then a ₹500 code.
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/admin/promotions');
  const make = async (name: string, amount: string, withCode: boolean) => {
    await page.getByRole('link', { name: 'New promotion' }).first().click();
    const form = page.getByRole('form', { name: 'New promotion' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Kind').selectOption({ label: 'Amount off' });
    await form.getByLabel('Amount off (₹)').fill(amount);
    if (!withCode) await form.getByRole('radio', { name: 'each item' }).check();
    if (withCode) {
      await form.getByRole('radio', { name: /With a code/ }).check();
      await form.getByRole('textbox', { name: 'Code' }).fill(code);
    }
    await form.getByRole('radio', { name: 'Chosen categories, brands or products' }).check();
    await form.getByLabel('Products (ids)').fill(String(product.id));
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  };
  await make('Diwali Sale', '1000', false);
  await page.getByRole('link', { name: 'All promotions' }).click();
  await expect(page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: /Diwali Sale/ })).toContainText('Live');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('promotions-admin-1280.png'), fullPage: true });
  await make('Asha’s followers', '500', true);

  // The shopper, on a phone: the sale price on the listing, then the code at checkout.
  const shopper = await signUpByApi(api, newUser());
  const phone = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const mine = await phone.newPage();
  await logInByUi(mine, shopper);
  await mine.goto(`/?search=${encodeURIComponent(product.title)}`);
  const card = mine.getByRole('article').filter({ hasText: product.title });
  await expect(card).toContainText('Diwali Sale');
  await expect(card).toContainText('₹7,999');
  await expect(card.locator('s, del')).toContainText('₹8,999');
  await expectNoSeriousA11yViolations(mine);
  await mine.screenshot({ path: info.outputPath('sale-listing-390.png'), fullPage: true });

  const added = await mine.request.post('/api/cart', { data: { product: product.id, quantity: 1, color: product.colors[0], size: product.sizes[0] } });
  expect(added.status(), await added.text()).toBe(201);
  await mine.goto('/checkout');
  await mine.getByLabel('Have a promo code?').fill(code.toLowerCase());
  await mine.getByRole('button', { name: 'Apply' }).click();
  await expect(mine.getByText('You save ₹500')).toBeVisible();
  await expect(mine.getByRole('button', { name: `Remove code ${code}` })).toBeVisible();
  await expect(mine.getByText('₹7,499').first()).toBeVisible();
  await expectNoSeriousA11yViolations(mine);
  await mine.screenshot({ path: info.outputPath('code-checkout-390.png'), fullPage: true });
  await phone.close();
  await api.dispose();
});
