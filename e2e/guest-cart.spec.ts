import type { Page } from '@playwright/test';
import { test, expect, newUser, signUpByApi, inStock, ownProduct, sharedInches, type Listed } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const choosable = (p: Listed) => sharedInches(p) && p.colors.length > 0 && p.sizes.length > 0;
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const cartBadge = (page: Page) => page.getByTestId('cart-count');

async function addFromProductPage(page: Page, p: Listed) {
  const answer = await page.goto(`/product-detail/${p.id}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
  await page.getByRole('group', { name: /^Colour/ }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: `${p.sizes[0]} in`, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${p.title} added to cart`)).toBeVisible();
}

test('a signed-out visitor on a phone opens a shared product link, fills a bag, signs up at checkout and places the order with the bag intact', async ({
  page,
}) => {
  test.slow(); // two product pages, a bag, a sign-up, an order, axe on three pages
  const [first, second] = await inStock(page.request, 2, choosable);
  const user = newUser();
  await page.setViewportSize({ width: 390, height: 844 });

  await addFromProductPage(page, first!);
  await expectNoSeriousA11yViolations(page);
  await addFromProductPage(page, second!);
  await expect(cartBadge(page)).toHaveText('2');

  // The bag survives a reload: it is kept on this device, priced by the server.
  await page.reload();
  await expect(cartBadge(page)).toHaveText('2');
  await cartBadge(page).click();
  await expect(page).toHaveURL('/cart');
  const lines = page.getByRole('region', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await page.getByLabel(`Qty for ${first!.title}`).selectOption('2');
  await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On a phone the checkout button stays at the bottom of the screen.
  await page.getByRole('region', { name: 'Checkout bar' }).getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Place Order before signing in asks for the account.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Sign in or create an account to place your order')).toBeVisible();

  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phoneNumber);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Signed in on the spot: the bag joined the new account, and the address and payment follow here.
  await expect(toast(page, 'Your bag is saved to your account')).toBeVisible();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
  await page.getByLabel('Street address').fill('12 Marine Drive, Flat 4B');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('400002');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address added successfully!')).toBeVisible();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());

  const { orders } = (await (await page.request.get('/api/orders/owner')).json()) as {
    orders: { id: number; items: { product: { id: number }; quantity: number }[] }[];
  };
  const order = orders.find((o) => o.id === orderId);
  expect(order?.items.map((i) => [i.product.id, i.quantity]).sort()).toEqual(
    [
      [first!.id, 2],
      [second!.id, 1],
    ].sort(),
  );
  await expect(cartBadge(page)).toHaveText('0');
  expect(await page.evaluate(() => localStorage.getItem('shop.bag'))).toBeNull();
});

test("a visitor's bag joins the account's cart at sign-in, capped by the stock, and the shopper is told", async ({ page, request, baseURL }) => {
  const [model] = await inStock(request, 1, choosable);
  const product = await ownProduct(baseURL, model!, 3, 'Three Piece Chanderi');
  const user = await signUpByApi(request);
  const line = { product: product.id, color: product.colors[0], size: product.sizes[0] };
  // The account's cart already holds all but one piece of the stock (put there from another device).
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBe(true);
  const held = await request.post('/api/cart', { data: { ...line, quantity: product.stock - 1 } });
  expect(held.status(), await held.text()).toBe(201);

  await addFromProductPage(page, product);
  await page.goto('/cart');
  await page.getByLabel(`Qty for ${product.title}`).selectOption('2');
  await expect(page.getByText('Subtotal (2 items)')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, `${product.title}: only 1 of the 2 you chose could be kept, as that is all we have`)).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByLabel(`Qty for ${product.title}`)).toHaveValue(String(product.stock));
  const cart = (await (await page.request.get('/api/cart')).json()) as { quantity: number }[];
  expect(cart.map((l) => l.quantity)).toEqual([product.stock]);
});
