import type { Page } from '@playwright/test';
import { test, expect, newUser, signUpByApi, logInByUi, waitForMail } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const PASSWORD_RULES =
  'Password must be at least 8 characters and contain at least 1 uppercase letter, 1 lowercase letter and 1 digit';

/** The error shown for a field: the element its input points to with aria-describedby. */
async function fieldError(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await input.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`);
}

async function expectFieldError(page: Page, label: string, message: string) {
  await expect(await fieldError(page, label)).toHaveText(message);
}

/** Requests a reset mail through the page and returns the link it carries. */
async function requestResetLink(page: Page, email: string): Promise<string> {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email sent successfully' })).toBeVisible();
  const mail = await waitForMail(email, 'reset-password?');
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?[^\s"<>]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  return link!.replace(/&amp;/g, '&');
}

test.describe('signing up, in and out', () => {
  test('signs up, lands on login, signs in to the listing and signs out again', async ({ page }) => {
    const user = newUser();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Full Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Phone Number').fill(user.phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
    // The session is over on the server too: a reload stays signed out (and login remembers the page).
    await page.goto('/orders');
    await expect(page).toHaveURL('/login?next=%2Forders');
  });

  test('links login to sign up and to forgot password, and back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/signup');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('the login form', () => {
  test('names each missing or malformed field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Password', 'Password is required');
    await page.getByLabel('Email').fill('meera@example');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectFieldError(page, 'Email', 'Please enter a valid email');
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the server’s message beneath the password for a wrong password', async ({ page, request }) => {
    const user = await signUpByApi(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    // Beneath the password field, above the sign-in button.
    const field = await page.getByLabel('Password', { exact: true }).boundingBox();
    const message = await alert.boundingBox();
    expect(message!.y).toBeGreaterThan(field!.y + field!.height);
    await expect(page).toHaveURL('/login');
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe('the signup form', () => {
  test('names each missing field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectFieldError(page, 'Full Name', 'Name is required');
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Phone Number', 'Phone required');
    await expectFieldError(page, 'Password', 'Password required');
    await expectFieldError(page, 'Confirm Password', 'Confirm password');
    await expectNoSeriousA11yViolations(page);
  });

  test('names each malformed field and a confirmation that does not match', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Meera 9');
    await page.getByLabel('Email').fill('meera..iyer@example.com');
    await page.getByLabel('Phone Number').fill('0123');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret13');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectFieldError(page, 'Full Name', 'Invalid name');
    await expectFieldError(page, 'Email', 'Invalid email');
    await expectFieldError(page, 'Phone Number', 'Invalid phone');
    await expectFieldError(page, 'Password', 'Min 8 chars, 1 upper, 1 lower, 1 number');
    await page.getByLabel('Password', { exact: true }).fill('Secret12');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectFieldError(page, 'Confirm Password', "Passwords don't match");
    await expect(page).toHaveURL('/signup');
  });

  test('shows the server’s message beneath the confirmation for an email already taken', async ({
    page,
    request,
  }) => {
    const user = await signUpByApi(request);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Another Meera');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Phone Number').fill('+919812345678');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Email already exists');
    const field = await page.getByLabel('Confirm Password').boundingBox();
    expect((await alert.boundingBox())!.y).toBeGreaterThan(field!.y + field!.height);
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('forgetting and resetting a password', () => {
  test('names a missing or malformed email on the forgot form', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectFieldError(page, 'Email', 'Email is required');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectFieldError(page, 'Email', 'email not valid');
    await expectNoSeriousA11yViolations(page);
  });

  test('resets through the mailed link, counts down to login and signs in with the new password only', async ({
    page,
    request,
  }) => {
    const user = await signUpByApi(request);
    const link = await requestResetLink(page, user.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectFieldError(page, 'Password', 'Password is required');
    await expectFieldError(page, 'Confirm Password', 'Confirm Password is required');
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectFieldError(page, 'Password', PASSWORD_RULES);
    await page.getByLabel('Password', { exact: true }).fill('NewSecret9');
    await page.getByLabel('Confirm Password').fill('NewSecret8');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectFieldError(page, 'Confirm Password', 'password not matching');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Confirm Password').fill('NewSecret9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Password reset successfully' });
    await expect(done).toContainText('You will be redirected to login in 3 seconds ...');
    await expect(done).toContainText('You will be redirected to login in 2 seconds ...');
    await expect(done).toContainText('You will be redirected to login in 1 seconds ...');
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await logInByUi(page, { email: user.email, password: 'NewSecret9' });
  });

  test('shows the server’s message in red under Confirm Password for a link already used', async ({
    page,
    request,
  }) => {
    const user = await signUpByApi(request);
    const link = await requestResetLink(page, user.email);
    const url = new URL(link);
    const used = await request.post('/api/auth/reset-password', {
      data: {
        email: url.searchParams.get('email'),
        token: url.searchParams.get('token'),
        password: 'FirstReset1',
      },
    });
    expect(used.ok(), await used.text()).toBe(true);

    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('SecondReset2');
    await page.getByLabel('Confirm Password').fill('SecondReset2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid or expired reset link');
    // In red. The theme's colours are oklch, so read the rendered pixel's channels.
    const [r, g, b] = await alert.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(g! + b!).toBeLessThan(120);
    const field = await page.getByLabel('Confirm Password').boundingBox();
    expect((await alert.boundingBox())!.y).toBeGreaterThan(field!.y + field!.height);
  });

  test('sends a reset link missing its token or email to login', async ({ page }) => {
    await page.goto('/reset-password?email=meera%40example.com');
    await expect(page).toHaveURL('/login');
    await page.goto('/reset-password?token=abc');
    await expect(page).toHaveURL('/login');
  });
});
