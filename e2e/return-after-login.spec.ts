import type { Page } from '@playwright/test';
import { test, expect, signUpByApi, newUser } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a visitor sent to sign in from My Orders signs up, then signs in, and lands on My Orders', async ({ page }) => {
  const user = newUser();

  await page.goto('/orders');
  await expect(page).toHaveURL('/login?next=%2Forders');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup?next=%2Forders');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phoneNumber);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/login?next=%2Forders');
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been created.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();

  // Signed in, the login page with a return path goes straight there (the signed-in never stay on /login).
  await page.goto(`/login?next=%2Fcart`);
  await expect(page).toHaveURL('/cart');
});

for (const next of ['//evil.example/phish', 'https://evil.example/', 'javascript:alert(document.domain)', '/\\evil.example']) {
  test(`a return path of ${next} is ignored: signing in lands on the shop's home page`, async ({ page, request }) => {
    const user = await signUpByApi(request);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signIn(page, user);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    expect(dialogs).toBe(0);
  });
}
