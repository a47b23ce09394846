import type { Page } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, inStock, type Listed } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * A new shopper with one in-stock product in the cart and one saved address, signed in; the
 * setup goes through the API (the shopping and profile journeys cover those screens).
 */
async function readyToPay(page: Page): Promise<Listed> {
  const user = await signUpByApi(page.request);
  await logInByUi(page, user);
  const product = (await inStock(page.request, 1))[0]!;
  const added = await page.request.post('/api/cart', {
    data: { product: product.id, quantity: 1, color: product.colors[0], size: product.sizes[0] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const me = (await (await page.request.get('/api/users/owner')).json()) as { id: number };
  const saved = await page.request.patch(`/api/users/${me.id}`, {
    data: {
      addresses: [
        {
          name: 'Meera Iyer',
          email: user.email,
          phone: '+919876543210',
          street: '7 Lake View Road',
          city: 'Kolkata',
          state: 'West Bengal',
          pinCode: '700029',
        },
      ],
    },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('radio', { name: /Meera Iyer, 7 Lake View Road/ }).check();
  await page.getByRole('radio', { name: /Card \/ UPI/ }).check();
  return product;
}

const paymentWindow = (page: Page) => page.getByRole('dialog', { name: /Test payment/ });
/** The error kept beside Place Order (a toast says it too, and goes). */
const checkoutError = (page: Page) => page.getByRole('region', { name: 'Order Summary' }).getByRole('alert');

test('a card payment through the test provider places the order and lists it in My Orders', async ({
  page,
}) => {
  const product = await readyToPay(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(paymentWindow(page)).toContainText(`Test payment ${rupees(product.discountedPrice)}`);
  await paymentWindow(page).getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
  await expect(toast(page, 'Order Placed Successfully')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  await page.goto('/orders');
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order).toContainText(product.title);
  await expect(order).toContainText('Card / UPI');
  await expect(order).toContainText('Pending');
});

test('a failed card payment stays on checkout with the provider error and lists no order', async ({
  page,
}) => {
  const product = await readyToPay(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await paymentWindow(page).getByRole('button', { name: 'Fail' }).click();

  await expect(paymentWindow(page)).toBeHidden();
  await expect(checkoutError(page)).toHaveText('Payment failed (test provider)');
  await expect(toast(page, 'Payment failed (test provider)')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  // The cart is kept for another try.
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(product.title);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
});

test('closing the payment window says the order was not placed, and a second try can pay', async ({
  page,
}) => {
  await readyToPay(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await paymentWindow(page).getByRole('button', { name: 'Close' }).click();
  await expect(checkoutError(page)).toHaveText('Payment cancelled. Your order has not been placed.');
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole('button', { name: 'Place Order' }).click();
  // A new attempt starts clean.
  await expect(checkoutError(page)).toBeHidden();
  await paymentWindow(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
});
