import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, DEMO_ADMIN, inStock, logInByUi, newUser, signUpByApi, waitForMail } from './fixtures';

/** A shopper's cash order, placed through the API: the order staff will ship. */
async function shopperOrder(api: APIRequestContext): Promise<{ id: number; email: string }> {
  const user = await signUpByApi(api, newUser());
  expect(
    (await api.post('/api/auth/login', { data: { email: user.email, password: user.password } })).ok(),
  ).toBe(true);
  const [product] = await inStock(api, 1);
  expect(
    (
      await api.post('/api/cart', {
        data: { product: product!.id, quantity: 1, color: product!.colors[0], size: product!.sizes[0] },
      })
    ).status(),
  ).toBe(201);
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
  return { id: ((await res.json()) as { id: number }).id, email: user.email };
}

test('the owner invites staff by mail; staff set a password, ship an order and never reach the settings', async ({
  page,
  browser,
  request,
}) => {
  const order = await shopperOrder(request);
  const invitee = {
    name: 'Kavya Nair',
    email: `kavya.${randomBytes(4).toString('hex')}@example.com`,
    password: 'Packing2026',
  };

  await logInByUi(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByLabel('Name').fill(invitee.name);
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByRole('region', { name: 'Pending Invitations' }).getByText(invitee.email),
  ).toBeVisible();

  const mail = await waitForMail(invitee.email, 'staff/accept?');
  const link = /https?:\/\/[^\s"<>]+\/staff\/accept\?token=[\w-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto(link!);
  await expect(staff.getByRole('heading', { name: 'Join the Team' })).toBeVisible();
  await staff.getByLabel('Password', { exact: true }).fill(invitee.password);
  await staff.getByLabel('Confirm Password').fill(invitee.password);
  await staff.getByRole('button', { name: 'Join the team' }).click();
  await expect(staff).toHaveURL('/admin/dashboard');

  // Signed in again with the chosen password, as any day after.
  await staff.getByRole('button', { name: 'Open user menu' }).click();
  await staff.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(staff).toHaveURL('/login');
  await logInByUi(staff, invitee);
  await expect(staff).toHaveURL('/admin/dashboard');
  const nav = staff.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Returns' })).toBeVisible();
  for (const name of ['Promotions', 'Settings', 'Pages', 'Staff'])
    await expect(nav.getByRole('link', { name })).toHaveCount(0);

  await staff.goto(`/admin/orders?search=${encodeURIComponent(order.email)}`);
  const row = staff
    .getByRole('table', { name: 'All orders' })
    .locator('tbody tr')
    .filter({ hasText: `Order #${order.id} ·` });
  await row.getByRole('button', { name: `Edit status of order #${order.id}` }).click();
  await row.getByRole('combobox', { name: `Status of order #${order.id}` }).selectOption('dispatched');
  await expect(row.getByText(/^dispatched$/i)).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

  await staff.goto('/admin/settings');
  await expect(staff).toHaveURL('/admin/dashboard');
  await staff.goto('/admin/promotions');
  await expect(staff).toHaveURL('/admin/dashboard');
  expect((await staff.request.put('/api/settings', { data: {} })).status()).toBe(403);
  await context.close();

  const shipped = await page.request.get(`/api/orders/${order.id}`);
  expect(((await shipped.json()) as { status: string }).status).toBe('dispatched');
});
