import type { Page } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, DEMO_ADMIN } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const addresses = (page: Page) => page.getByRole('region', { name: 'Saved Addresses' }).getByRole('listitem');

async function savedAddresses(page: Page): Promise<{ name: string; city: string }[]> {
  return (
    (await (await page.request.get('/api/users/owner')).json()) as {
      addresses: { name: string; city: string }[];
    }
  ).addresses;
}

async function fillAddress(page: Page, a: { name: string; street: string; city: string }) {
  await page.getByLabel('Full name').fill(a.name);
  await page.getByLabel('Email').fill('meera.home@example.com');
  await page.getByLabel('Phone').fill('+919876543210');
  await page.getByLabel('Street address').fill(a.street);
  await page.getByLabel('City').fill(a.city);
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('PIN Code').fill('600004');
}

test('a shopper adds, edits and deletes an address, and every empty field says what it needs', async ({
  page,
  request,
}) => {
  test.slow(); // the whole address life cycle, three pages states checked with axe
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('Admin Account')).toHaveCount(0);
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add Address' }).click();
  for (const label of ['Full name', 'Email', 'Phone']) await page.getByLabel(label).fill('');
  await page.getByRole('button', { name: 'Save Address' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Phone is required',
    'Street is required',
    'City is required',
    'State is required',
    'PIN Code is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  // Whitespace is not an answer either.
  await page.getByLabel('City').fill('   ');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('City is required', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await savedAddresses(page)).toEqual([]);

  await fillAddress(page, { name: 'Meera Iyer', street: '4 Cathedral Road', city: 'Chennai' });
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address added successfully!')).toBeVisible();
  await expect(addresses(page)).toHaveCount(1);
  await expect(addresses(page).first()).toContainText('4 Cathedral Road, Chennai, Tamil Nadu 600004');
  // The first address's name is the display name.
  await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
  await expect.poll(() => savedAddresses(page)).toMatchObject([{ name: 'Meera Iyer', city: 'Chennai' }]);

  await page.getByRole('button', { name: 'Edit address of Meera Iyer, 4 Cathedral Road' }).click();
  await expect(page.getByLabel('Street address')).toHaveValue('4 Cathedral Road');
  await page.getByLabel('City').fill('Madurai');
  await page.getByRole('button', { name: 'Update Address' }).click();
  await expect(toast(page, 'Address updated successfully!')).toBeVisible();
  await expect(addresses(page).first()).toContainText('Madurai');
  await expect.poll(() => savedAddresses(page)).toMatchObject([{ name: 'Meera Iyer', city: 'Madurai' }]);

  await page.getByRole('button', { name: 'Delete address of Meera Iyer, 4 Cathedral Road' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete address' });
  await expect(confirm).toContainText('Are you sure you want to delete this address?');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // The dialog element is a zero-size wrapper; its sentence tells whether it is open.
  await expect(page.getByText('Are you sure you want to delete this address?')).toBeHidden();
  await expect(addresses(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete address of Meera Iyer, 4 Cathedral Road' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Address deleted successfully!')).toBeVisible();
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
  await expect.poll(() => savedAddresses(page)).toEqual([]);
});

test('one address is edited at a time, and cancelling an edit keeps the address', async ({
  page,
  request,
}) => {
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  const me = (await (await page.request.get('/api/users/owner')).json()) as { id: number };
  const base = { email: user.email, phone: '+919876543210', state: 'Karnataka', pinCode: '560001' };
  await page.request.patch(`/api/users/${me.id}`, {
    data: {
      addresses: [
        { ...base, name: 'Meera Iyer', street: '1 MG Road', city: 'Bengaluru' },
        { ...base, name: 'Ravi Iyer', street: '2 Brigade Road', city: 'Mysuru' },
      ],
    },
  });
  await page.goto('/profile');
  await expect(addresses(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Edit address of Meera Iyer, 1 MG Road' }).click();
  await expect(page.getByRole('button', { name: 'Update Address' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit address of Ravi Iyer, 2 Brigade Road' }).click();
  await expect(page.getByRole('button', { name: 'Update Address' })).toHaveCount(1);
  await expect(page.getByLabel('Street address')).toHaveValue('2 Brigade Road');
  await expect(addresses(page).first()).toContainText('1 MG Road, Bengaluru');

  await page.getByLabel('City').fill('Hubballi');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Update Address' })).toHaveCount(0);
  await expect(addresses(page).nth(1)).toContainText('2 Brigade Road, Mysuru');
});

test('an admin sees the Admin Account badge on the profile card', async ({ page }) => {
  await logInByUi(page, DEMO_ADMIN);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('Admin Account')).toBeVisible();
});
