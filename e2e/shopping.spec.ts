import { request as newRequest, type Page } from '@playwright/test';
import { test, expect, newUser, signUpByApi, logInByUi, catalogue, inStock, ownProduct, sharedInches, type Listed } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/** In-stock products with a choice of colours and sizes, all sold (e2e/variants.spec.ts picks variants). */
const choosable = (p: Listed) => sharedInches(p) && p.colors.length > 1 && p.sizes.length > 1;

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const cartBadge = (page: Page) => page.getByTestId('cart-count');

async function openProduct(page: Page, p: Listed) {
  await page.goto(`/product-detail/${p.id}`);
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
}

async function chooseAndAdd(page: Page, p: Listed, colourIndex: number, size: number) {
  await page
    .getByRole('group', { name: /^Colour/ })
    .getByRole('radio')
    .nth(colourIndex)
    .check();
  await page.getByRole('radio', { name: `${size} in`, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${p.title} added to cart`)).toBeVisible();
}

test('a shopper signs up, fills and edits the cart, pays cash on delivery and finds the order in My Orders', async ({
  page,
  request,
}) => {
  test.slow(); // the whole journey, five pages checked with axe
  const user = newUser();
  const [first, second] = await inStock(request, 2, choosable);

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phoneNumber);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInByUi(page, user);

  await openProduct(page, first!);
  await expectNoSeriousA11yViolations(page);
  await chooseAndAdd(page, first!, 0, first!.sizes[0]!);
  await openProduct(page, second!);
  await chooseAndAdd(page, second!, 1, second!.sizes.at(-1)!);
  await expect(cartBadge(page)).toHaveText('2');

  await page.getByRole('link', { name: /Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: second!.title })).toContainText(`Size: ${second!.sizes.at(-1)} in`);
  await expect(page.getByText('Calculated at checkout')).toBeVisible();

  await page.getByLabel(`Qty for ${first!.title}`).selectOption('2');
  await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/cart')).json()) as { quantity: number }[])
        .map((l) => l.quantity)
        .sort(),
    )
    .toEqual([1, 2]);

  await page.getByRole('button', { name: `Remove ${second!.title}` }).click();
  await expect(toast(page, 'Item removed from cart')).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(cartBadge(page)).toHaveText('1');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Included')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Please select address and payment method')).toBeVisible();

  await page.getByLabel('Street address').fill('12 Marine Drive, Flat 4B');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('400002');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address added successfully!')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Meera Iyer, 12 Marine Drive/ })).toBeChecked();

  // An address alone is not enough: the message comes back once the first one has gone.
  await expect(toast(page, 'Please select address and payment method')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Please select address and payment method')).toBeVisible();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order Placed Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/order-success\/\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
  await expect(page.getByText(`#${orderId}`)).toBeVisible();
  await expect(page.getByText('My Account > My Orders')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('0');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/orders');
  const order = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(order).toContainText(first!.title);
  await expect(order).toContainText('Qty: 2 × ₹');
  await expect(order).toContainText('Pending');
  await expect(order).toContainText('Cash on Delivery');
  await expect(order).toContainText('12 Marine Drive, Flat 4B');
  await expectNoSeriousA11yViolations(page);

  // The order success page survives a reload (docs/product.md, Order success) and leaves the now empty cart alone.
  await page.goto(`/order-success/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
  await expect(page.getByText('Cash on Delivery')).toBeVisible();
});

test('add to cart asks for a colour, then a size, and refuses an out-of-stock product', async ({
  page,
  request,
}) => {
  const user = await signUpByApi(request);
  const all = await catalogue(request);
  const [product] = await inStock(request, 1, choosable);
  const soldOut = all.find((p) => p.stock <= 0);
  expect(soldOut, 'a sold-out demo product').toBeDefined();
  await logInByUi(page, user);

  await openProduct(page, product!);
  const colours = page.getByRole('group', { name: /^Colour/ }).getByRole('radio');
  await expect(colours.first()).not.toBeChecked();
  await expect(page.getByRole('radio', { name: `${product!.sizes[0]} in`, exact: true })).not.toBeChecked();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Please select a color')).toBeVisible();
  await colours.first().check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Please select a size')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('0');

  await openProduct(page, soldOut!);
  await expect(page.getByText('Out of stock')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${soldOut!.title} is out of stock`)).toBeVisible();
  await expect(cartBadge(page)).toHaveText('0');
});

test('the same product, colour and size cannot go into the cart twice', async ({ page, request }) => {
  const user = await signUpByApi(request);
  const [product] = await inStock(request, 1, choosable);
  await logInByUi(page, user);

  await openProduct(page, product!);
  await chooseAndAdd(page, product!, 0, product!.sizes[0]!);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Product already in cart')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');

  // Another size of the same product is a new line.
  await page.getByRole('radio', { name: `${product!.sizes[1]} in`, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${product!.title} added to cart`).first()).toBeVisible();
  await expect(cartBadge(page)).toHaveText('2');
});

test('an unknown product goes to the not-found page', async ({ page, request }) => {
  await logInByUi(page, await signUpByApi(request));
  await page.goto('/product-detail/987654');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an empty cart invites to shop, checkout sends an empty cart home, and My Orders starts empty', async ({
  page,
  request,
}) => {
  await logInByUi(page, await signUpByApi(request));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('when the last piece sells first, checkout says it is out of stock and places nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const [model] = await inStock(request, 1, choosable);
  const lastPiece = await ownProduct(baseURL, model!, 1, 'Last Piece Paithani');

  const user = await signUpByApi(request);
  await logInByUi(page, user);
  await openProduct(page, lastPiece);
  await chooseAndAdd(page, lastPiece, 0, lastPiece.sizes[0]!);

  // Someone else buys the only piece while this shopper is on the way to checkout.
  const rival = await newRequest.newContext({ baseURL });
  const rivalUser = await signUpByApi(rival);
  expect((await rival.post('/api/auth/login', { data: rivalUser })).ok()).toBe(true);
  await rival.post('/api/cart', {
    data: { product: lastPiece.id, quantity: 1, color: lastPiece.colors[0], size: lastPiece.sizes[0] },
  });
  const address = {
    name: 'Ravi Iyer',
    email: rivalUser.email,
    phone: '+919812345678',
    street: '3 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560025',
  };
  const bought = await rival.post('/api/orders', {
    data: { paymentMethod: 'cash', selectedAddress: address },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  await rival.dispose();

  const me = (await (await page.request.get('/api/users/owner')).json()) as { id: number };
  await page.request.patch(`/api/users/${me.id}`, {
    data: { addresses: [{ ...address, name: 'Meera Iyer', email: user.email }] },
  });
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Meera Iyer, 3 Residency Road/ }).check();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, `${lastPiece.title} is out of stock`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const orders = (await (await page.request.get('/api/orders/owner')).json()) as { totalOrders: number };
  expect(orders.totalOrders).toBe(0);
});

test('My Orders shows five orders a page, newest first, with a pager', async ({ page, request }) => {
  const user = await signUpByApi(request);
  await logInByUi(page, user);
  const [product] = await inStock(request, 1, choosable);
  const address = {
    name: 'Meera Iyer',
    email: user.email,
    phone: '+919876543210',
    street: '9 Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pinCode: '700016',
  };
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    const line = await page.request.post('/api/cart', {
      data: { product: product!.id, quantity: 1, color: product!.colors[0], size: product!.sizes[0] },
    });
    expect(line.status(), await line.text()).toBe(201);
    const placed = await page.request.post('/api/orders', {
      data: { paymentMethod: 'cash', selectedAddress: address },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    ids.push(((await placed.json()) as { id: number }).id);
  }
  const newestFirst = ids.reverse().map((id) => `Order #${id}`);

  await page.goto('/orders');
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(newestFirst.slice(0, 5));
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Showing 1 to 5 of 6 results');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(titles).toHaveText(newestFirst.slice(5));
  await expect(pager).toContainText('Showing 6 to 6 of 6 results');
  await expect(page).toHaveURL(/\/orders\?page=2$/);
});
