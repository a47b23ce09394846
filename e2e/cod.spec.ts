import { request as apiRequest, type Page } from '@playwright/test';
import { test, expect, DEMO_ADMIN, signUpByApi, logInByUi, inStock, sharedInches, waitForMail, type Listed } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function chooseAndAdd(page: Page, p: Listed) {
  await page.getByRole('group', { name: /^Colour/ }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: `${p.sizes[0]} in`, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${p.title} added to cart`)).toBeVisible();
}

test('a shopper checks delivery to a PIN, pays cash with a ₹49 fee, and confirms the order from the link in the mail', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  // It changes the shop's COD rules, which every checkout reads: the brand project runs it after the rest.
  test.slow(); // a whole order, a mail, the confirmation page at two widths
  const admin = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const before = (await (await admin.get('/api/settings/admin')).json()) as Record<string, unknown> & {
    cod: Record<string, unknown>;
  };
  try {
    const changed = await admin.put('/api/settings', {
      data: { ...before, cod: { ...before.cod, enabled: true, minOrderRupees: null, maxOrderRupees: null, confirmWithinHours: 24, feeRupees: 49 } },
    });
    expect(changed.ok(), await changed.text()).toBe(true);

    const [product] = await inStock(request, 1, (p) => sharedInches(p) && p.colors.length > 0 && p.sizes.length > 0);
    const user = await signUpByApi(request);
    await page.setViewportSize(PHONE);
    await logInByUi(page, user);

    // The product page answers for a PIN: the date, and that cash is taken there.
    await page.goto(`/product-detail/${product!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
    const delivery = page.getByRole('region', { name: 'Check delivery' });
    await delivery.getByRole('textbox', { name: 'Check delivery' }).fill('400050');
    await delivery.getByRole('button', { name: 'Check' }).click();
    await expect(delivery).toContainText('Cash on delivery available');
    await expect(delivery).toContainText(/Delivery (by|between) (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/);
    await expect(delivery).toContainText('Maharashtra 400050');
    await delivery.screenshot({ path: testInfo.outputPath('check-delivery-390.png') });
    await expectNoSeriousA11yViolations(page);
    await chooseAndAdd(page, product!);

    // Checkout with a new address: its PIN fills the city and the state.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByLabel('Street address').fill('7 Hill Road, Bandra West');
    await page.getByLabel('PIN Code').fill('400050');
    await expect(page.getByLabel('City')).not.toHaveValue('');
    await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(toast(page, 'Address added successfully!')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Meera Iyer, 7 Hill Road/ })).toBeChecked();

    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('Cash on delivery fee₹49');
    const total = `₹${(product!.discountedPrice + 49).toLocaleString('en-IN')}`;
    await expect(summary).toContainText(`Total${total}`);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('checkout-cash-390.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: testInfo.outputPath('checkout-cash-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-success\/\d+$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
    await expect(page.getByText('Includes a ₹49 cash on delivery fee')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Please confirm your order' });
    await expect(panel).toContainText('We have sent a link to your email and phone');
    await expect(panel).toContainText(/cancelled on .+ \(India time\)/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('order-success-390.png'), fullPage: true });
    await page.goto('/orders');
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(order.getByRole('region', { name: 'Please confirm your order' })).toBeVisible();
    await expect(order).toContainText('Cash on delivery fee₹49');
    await order.screenshot({ path: testInfo.outputPath('my-orders-awaiting-390.png') });

    // The order mail carries the link, which works signed out: it is opened in a browser of its own.
    const mail = await waitForMail(user.email, '/confirm?');
    const link = /\/orders\/(\d+)\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail);
    expect(link, 'the confirmation link in the order mail').not.toBeNull();
    expect(link![1]).toBe(orderId);
    const phone = await browser.newContext({ baseURL, viewport: PHONE, reducedMotion: 'reduce' });
    const guest = await phone.newPage();
    try {
      await guest.goto(link![0]);
      await expect(guest.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
      await expect(guest.getByText(`Order #${orderId}`)).toBeVisible();
      await expect(guest.getByText('Cash on delivery fee')).toBeVisible();
      await expect(guest.getByText(total)).toBeVisible();
      await expect(guest.getByText(/Meera Iyer, .+, Maharashtra 400050/)).toBeVisible();
      await expectNoSeriousA11yViolations(guest);
      await guest.screenshot({ path: testInfo.outputPath('cod-confirm-390.png'), fullPage: true });
      await guest.setViewportSize(DESKTOP);
      await guest.screenshot({ path: testInfo.outputPath('cod-confirm-1280.png'), fullPage: true });
      await guest.setViewportSize(PHONE);

      await guest.getByRole('button', { name: 'Confirm order' }).click();
      const confirmed = guest.getByRole('heading', { level: 1, name: 'Order confirmed — we will dispatch it soon' });
      await expect(confirmed).toBeVisible();
      await expect(confirmed).toBeFocused();
      await expectNoSeriousA11yViolations(guest);
      await guest.screenshot({ path: testInfo.outputPath('cod-confirmed-390.png'), fullPage: true });

      // Opened again, the link shows the order confirmed.
      await guest.setViewportSize(DESKTOP);
      await guest.reload();
      await expect(confirmed).toBeVisible();
      await expectNoSeriousA11yViolations(guest);
      await guest.screenshot({ path: testInfo.outputPath('cod-confirmed-1280.png'), fullPage: true });

      // A link that is not the order's is refused.
      await guest.goto(`/orders/${orderId}/confirm?token=${'x'.repeat(32)}`);
      await expect(guest.getByRole('heading', { level: 1, name: 'This confirmation link is not valid' })).toBeVisible();
      await expectNoSeriousA11yViolations(guest);
    } finally {
      await phone.close();
    }

    // In My Orders the fee stays and the request to confirm is gone.
    await page.reload();
    await expect(order).toContainText('Cash on delivery fee');
    await expect(order.getByRole('region', { name: 'Please confirm your order' })).toHaveCount(0);
    await order.screenshot({ path: testInfo.outputPath('my-orders-confirmed-390.png') });
  } finally {
    const restored = await admin.put('/api/settings', { data: before });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.dispose();
  }
});

