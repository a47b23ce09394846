import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, DEMO_ADMIN, inStock, logInByUi, signUpByApi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** SCREENSHOT_DIR=… keeps pictures at a phone's and a desktop's width, for a person to look at: the whole
 *  page, or the screen around `at` (a dialog, a section further down). */
async function pictures(page: Page, name: string, at?: Locator): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await at?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: !at });
  }
  await page.setViewportSize(size);
}

async function signedInApi(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  who: { email: string; password: string },
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: who })).status()).toBe(200);
  return api;
}

test('a shopper edits their details, changes the password, downloads their data and deletes the account', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.slow(); // a whole account's life: four forms, a download, a dialog, each checked with axe
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  // The same shopper on another device, signed in before the password changes.
  const phone = await signedInApi(playwright, baseURL!, user);

  // An order of theirs, placed from this tab's session.
  const [product] = await inStock(request, 1);
  const added = await page.request.post('/api/cart', {
    headers: { Origin: baseURL! },
    data: { product: product!.id, quantity: 1, color: product!.colors[0], size: product!.sizes[0] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const address = {
    name: 'Meera Iyer',
    email: user.email,
    phone: '+919876543210',
    street: '4 Cathedral Road',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pinCode: '600004',
  };
  const placed = await page.request.post('/api/orders', {
    headers: { Origin: baseURL! },
    data: { selectedAddress: address, paymentMethod: 'cash' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;

  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'Your Details' });
  await expect(details.getByText('Meera Iyer')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pictures(page, 'profile');
  await pictures(page, 'profile-password', page.getByRole('region', { name: 'Change Password' }));

  await details.getByRole('button', { name: 'Edit Details' }).click();
  await expect(details.getByLabel('Name')).toBeFocused();
  await details.getByLabel('Name').fill('Meera Krishnan');
  await details.getByLabel('Phone').fill('+919800011111');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expect(toast(page, 'Your details are saved')).toBeVisible();
  await expect(details.getByText('Meera Krishnan')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit Details' })).toBeFocused();
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/users/owner')).json()) as { name: string; phoneNumber: string },
    )
    .toMatchObject({ name: 'Meera Krishnan', phoneNumber: '+919800011111' });

  // The password: a wrong current one changes nothing; the right one signs the other device out.
  const password = page.getByRole('region', { name: 'Change Password' });
  await password.getByLabel('Current password').fill('Wrong1234');
  await password.getByLabel('New password', { exact: true }).fill('Fresh@1234');
  await password.getByLabel('Confirm new password').fill('Fresh@1234');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('Current password is incorrect')).toBeVisible();
  await expect(password.getByLabel('Current password')).toBeFocused();
  expect((await phone.get('/api/users/owner')).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);

  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    toast(page, 'Password changed. Any other device you were signed in on is now signed out.'),
  ).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');
  expect((await phone.get('/api/users/owner')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your Details' })).toBeVisible();
  await phone.dispose();

  // The data, as a file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download My Data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    profile: Record<string, unknown>;
    orders: { id: number; status: string; items: unknown[] }[];
  };
  expect(data.profile).toMatchObject({ email: user.email, name: 'Meera Krishnan' });
  expect(data.orders.map((o) => [o.id, o.status, o.items.length])).toEqual([[orderId, 'pending', 1]]);
  expect(JSON.stringify(data)).not.toMatch(/password/i);

  // Deleting waits for the open order, then goes through once the shop has delivered it.
  const deleteButton = page
    .getByRole('region', { name: 'Your Data' })
    .getByRole('button', { name: 'Delete My Account' });
  await deleteButton.click();
  let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password, to confirm').fill('Fresh@1234');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(
    dialog.getByText(
      `Order #${orderId} is still open. You can delete your account once it is delivered or cancelled.`,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pictures(page, 'delete-dialog', dialog);
  await dialog.getByRole('button', { name: 'Keep My Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  const admin = await signedInApi(playwright, baseURL!, DEMO_ADMIN);
  expect((await admin.patch(`/api/orders/${orderId}`, { data: { status: 'delivered' } })).status()).toBe(200);

  await deleteButton.click();
  dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password, to confirm').fill('Fresh@1234');
  await dialog.getByLabel('Your password, to confirm').press('Enter');
  await expect(toast(page, 'Your account is deleted. Thank you for shopping with us.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /sign in|login/i }).first()).toBeVisible();

  // The order stays with the shop, without the person.
  const kept = (await (await admin.get(`/api/orders/${orderId}`)).json()) as {
    selectedAddress: Record<string, string>;
    status: string;
  };
  expect(kept.status).toBe('delivered');
  expect(kept.selectedAddress).toMatchObject({
    name: 'Deleted account',
    email: '',
    phone: '',
    street: '',
    city: 'Chennai',
  });
  await admin.dispose();

  // The email no longer signs in, and is free for a new account.
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Fresh@1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signUpByApi(request, { ...user, password: 'Another@1234' });
});
