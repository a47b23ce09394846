import { test, expect, DEMO_ADMIN, inStock, logInByUi, newUser, placeCashOrderByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

// A 1 × 1 red PNG: the server decodes it as any photo (and stores it as WebP).
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a shopper asks to return a damaged saree with a photo on a phone; the owner approves and accepts it at a desk', async ({
  page,
  browser,
  playwright,
}, info) => {
  test.slow(); // two sessions and a delivery
  const baseURL = info.project.use.baseURL;
  const api = await playwright.request.newContext({ baseURL });
  const [product] = await inStock(api, 1, (p) => p.colors.length > 0 && p.sizes.length > 0);
  const shopper = newUser();
  const id = await placeCashOrderByApi(api, shopper, [{ product: product!, quantity: 1 }]);

  // The shop sends it and it arrives.
  const shop = await playwright.request.newContext({ baseURL });
  expect((await shop.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const booked = await shop.post(`/api/orders/${id}/shipments`, { data: { courier: 'manual', courierName: 'Delhivery', awb: `RET-${id}-${Date.now()}` } });
  expect(booked.status(), await booked.text()).toBe(201);
  expect((await shop.patch(`/api/orders/${id}`, { data: { status: 'delivered' } })).ok()).toBe(true);

  // The shopper, on a phone.
  const phone = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const mine = await phone.newPage();
  await logInByUi(mine, shopper);
  await mine.goto('/orders');
  const card = mine.getByRole('article', { name: `Order #${id}`, exact: true });
  await card.getByRole('button', { name: `Return or exchange from order #${id}` }).click();
  const dialog = mine.getByRole('dialog', { name: 'Return or exchange' });
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Add a photo of the damage')).toBeVisible();
  await dialog.getByLabel(/^Photos/).setInputFiles({ name: 'torn-pallu.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(dialog.getByRole('list', { name: 'Photos added' }).getByRole('img')).toHaveCount(1);
  await dialog.getByLabel('UPI ID').fill('asha.rao@okaxis');
  await expectNoSeriousA11yViolations(mine);
  await mine.screenshot({ path: info.outputPath('return-request-390.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const returns = card.getByRole('region', { name: 'Returns and exchanges' });
  await expect(returns).toContainText('Requested');
  await expect(returns).toContainText('Arrived damaged');
  await expectNoSeriousA11yViolations(mine);
  await mine.screenshot({ path: info.outputPath('return-requested-390.png'), fullPage: true });
  const { returns: asked } = (await (await api.get(`/api/orders/${id}/returns`)).json()) as { returns: { id: number; items: { photos: string[] }[] }[] };
  const returnId = asked[0]!.id;
  expect(asked[0]!.items[0]!.photos).toHaveLength(1);

  // The owner, at a desk.
  await logInByUi(page, DEMO_ADMIN);
  await page.goto(`/admin/returns?order=${id}`);
  const request = page.getByRole('article', { name: new RegExp(`^Return #${returnId}\\b`) });
  await expect(request).toContainText('Arrived damaged');
  await expect(request.getByRole('link', { name: /Photo/ }).first()).toBeVisible();
  await request.getByRole('button', { name: `Approve, return #${returnId}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve return' }).click();
  await expect(request).toContainText('Approved');
  await request.getByRole('button', { name: `Accept and restock, return #${returnId}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept and restock' }).click();
  await expect(request).toContainText('Received');
  await expect(request.getByRole('link', { name: /Credit note/ })).toBeVisible();
  await expect(request.getByRole('button', { name: `Mark transfer done, return #${returnId}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('returns-admin-1280.png'), fullPage: true });

  // The shopper sees it received, with the credit note, and the refund on its way.
  await mine.reload();
  await expect(returns).toContainText('Received');
  await expect(returns.getByRole('link', { name: /credit note/i })).toBeVisible();
  await mine.screenshot({ path: info.outputPath('return-received-390.png'), fullPage: true });
  await phone.close();
  await shop.dispose();
  await api.dispose();
});
