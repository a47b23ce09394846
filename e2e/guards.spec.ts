import { test, expect, signUpByApi, logInByUi } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const shopperRoutes = ['/orders', '/profile', '/order-success/1'];
const adminRoutes = [
  '/admin',
  '/admin/dashboard',
  '/admin/orders',
  '/admin/Orders',
  '/admin/product-form',
  '/admin/product-form/edit/1',
  '/admin/product-detail/1',
  '/admin/order-detail',
];

test.describe('a signed-out visitor', () => {
  // Issue 17: a shopper page is remembered (?next=) so that signing in leads back to it.
  for (const path of shopperRoutes) {
    test(`is sent from ${path} to /login, which remembers the page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }
  for (const path of adminRoutes) {
    test(`is sent from ${path} to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }

  test('opens the cart, an empty bag of their own, and is sent home from a checkout with nothing to buy', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await page.goto('/checkout');
    await expect(page).toHaveURL('/');
  });

  test('can open the open pages', async ({ page }) => {
    for (const [path, heading] of [
      ['/', 'All Products'],
      ['/login', 'Welcome Back'],
      ['/signup', 'Create Account'],
      ['/forgot-password', 'Forgot Password'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });
});

test.describe('a signed-in shopper', () => {
  test('is sent from /login and /signup to the listing', async ({ page, request }) => {
    await logInByUi(page, await signUpByApi(request));
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  });

  test('is sent from every admin page to the listing', async ({ page, request }) => {
    await logInByUi(page, await signUpByApi(request));
    for (const path of adminRoutes) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL('/');
    }
  });
});

test.describe('an unknown path', () => {
  test('is a 404 that shows Page not found at /404 with a link home', async ({ page }) => {
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL('/');
  });
});
