import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signUpByApi, logInByUi, DEMO_ADMIN } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

interface ListedProduct {
  id: number;
  title: string;
  brand: string;
  category: string;
  discountedPrice: number;
}

/** The API is the oracle: what the listing should show for a query. */
async function listing(
  request: APIRequestContext,
  query: string,
): Promise<{ products: ListedProduct[]; totalProducts: number }> {
  const res = await request.get(`/api/products?admin=false&_per_page=12&${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { products: ListedProduct[]; totalProducts: number };
}

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('link');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) =>
  page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option');

test.describe('the listing', () => {
  test('shows the festival banner, the title, a first page of products and the pager', async ({
    page,
    request,
  }) => {
    const first = await listing(request, '_page=1');
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Festival sale' });
    await expect(banner).toContainText('Happy Diwali');
    await expect(banner).toContainText('Festival Sale');
    await expect(banner).toContainText('Up to 70% OFF');
    await expect(banner).toContainText('Free Shipping on Orders Above ₹999 | Limited Time Offer');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByText('Discover our amazing collection')).toBeVisible();
    await expect(cardTitles(page)).toHaveText(first.products.map((p) => p.title));
    await expect(pager(page)).toContainText(`Showing 1 to 12 of ${first.totalProducts} results`);
    await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('a phone shows the first page of cards before any script runs, and the app then takes the page over', async ({
    browser,
    request,
  }, testInfo) => {
    const { products } = await listing(request, '_page=1');
    const still = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const stillPage = await still.newPage();
    await stillPage.goto('/');
    // The server's first paint: the same first page, linked to the products; the app's Loading... stays hidden.
    await expect(cardTitles(stillPage)).toHaveText(products.map((p) => p.title));
    await expect(stillPage.getByRole('link', { name: products[0]!.title })).toHaveAttribute('href', `/product-detail/${products[0]!.id}`);
    await expect(stillPage.getByText('Loading...')).toBeHidden();
    await still.close();

    const live = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 } });
    const page = await live.newPage();
    await page.goto('/');
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toHaveCount(1);
    await expect(cardTitles(page)).toHaveText(products.map((p) => p.title));
    // The app's own page: its sort menu answers.
    await page.getByRole('button', { name: /Sort/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await live.close();
  });

  test('links each card to its product page and shows its price in rupees with the discount badge', async ({
    page,
    request,
  }) => {
    const [p] = (await listing(request, '_page=1')).products;
    await page.goto('/');
    const card = cards(page).first();
    await expect(card.getByRole('link', { name: p!.title })).toHaveAttribute(
      'href',
      `/product-detail/${p!.id}`,
    );
    await expect(card).toContainText(p!.brand);
    await expect(card).toContainText(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 })
        .format(p!.discountedPrice)
        .replace(/\.00$/, ''),
    );
    await expect(card).toContainText(/\d+% OFF/);
  });

  test('closes the festival banner, and it stays closed on the next page load', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Festival sale' });
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Close banner' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('filters by a category and a brand, keeps them in the URL, and unticking restores the list', async ({
    page,
    request,
  }) => {
    const all = await listing(request, '_page=1');
    const category = all.products[0]!.category;
    const inCategory = await listing(request, `category=${encodeURIComponent(category)}&_page=1`);
    await page.goto('/?page=2');
    await page.getByRole('checkbox', { name: category, exact: true }).check();
    // Ticking a filter reloads the list from page 1.
    await expect(page).toHaveURL(`/?category=${encodeURIComponent(category).replace(/%20/g, '+')}`);
    await expect(cardTitles(page)).toHaveText(inCategory.products.map((p) => p.title));
    await expect(pager(page)).toContainText(`of ${inCategory.totalProducts} results`);

    const brand = inCategory.products[0]!.brand;
    const both = await listing(
      request,
      `category=${encodeURIComponent(category)}&brand=${encodeURIComponent(brand)}&_page=1`,
    );
    await page.getByRole('checkbox', { name: brand, exact: true }).check();
    await expect(cardTitles(page)).toHaveText(both.products.map((p) => p.title));
    for (const card of await cards(page).all()) await expect(card).toContainText(brand);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: category, exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: brand, exact: true })).toBeChecked();
    await expect(cardTitles(page)).toHaveText(both.products.map((p) => p.title));

    await page.getByRole('checkbox', { name: brand, exact: true }).uncheck();
    await page.getByRole('checkbox', { name: category, exact: true }).uncheck();
    await expect(page).toHaveURL('/');
    await expect(cardTitles(page)).toHaveText(all.products.map((p) => p.title));
  });

  test('sorts by price both ways and by rating, starting again at page 1', async ({ page, request }) => {
    await page.goto('/?page=2');
    await expect(pager(page)).toContainText('Showing 13 to 24');
    const sort = page.getByRole('button', { name: /^Sort/ });

    await sort.click();
    await page.getByRole('menuitemradio', { name: 'Price: Low to High' }).click();
    await expect(page).toHaveURL('/?sort=price-low-to-high');
    const low = await listing(request, '_sort=discountedPrice&_order=asc&_page=1');
    await expect(cardTitles(page)).toHaveText(low.products.map((p) => p.title));
    await expect(pager(page)).toContainText('Showing 1 to 12');

    await sort.click();
    await expect(page.getByRole('menuitemradio', { name: 'Price: Low to High' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
    const high = await listing(request, '_sort=discountedPrice&_order=desc&_page=1');
    await expect(cardTitles(page)).toHaveText(high.products.map((p) => p.title));

    await sort.click();
    await page.getByRole('menuitemradio', { name: 'Best Rating' }).click();
    await expect(page).toHaveURL('/?sort=best-rating');
    const rated = await listing(request, '_sort=rating&_order=desc&_page=1');
    await expect(cardTitles(page)).toHaveText(rated.products.map((p) => p.title));
  });

  test('opens the sort menu from the keyboard and chooses with the arrow keys', async ({ page, request }) => {
    await page.goto('/');
    const sort = page.getByRole('button', { name: /^Sort/ });
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Best Rating' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Price: High to Low' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/?sort=price-high-to-low');
    await expect(sort).toBeFocused();
    const high = await listing(request, '_sort=discountedPrice&_order=desc&_page=1');
    await expect(cardTitles(page)).toHaveText(high.products.map((p) => p.title));

    await sort.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(sort).toBeFocused();
  });

  test('pages with Next, Previous and numbers, with the page in the URL and back/forward restoring it', async ({
    page,
    request,
  }) => {
    const { totalProducts } = await listing(request, '_page=1');
    const second = await listing(request, '_page=2');
    const third = await listing(request, '_page=3');
    await page.goto('/');
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL('/?page=2');
    await expect(pager(page)).toContainText(`Showing 13 to 24 of ${totalProducts} results`);
    await expect(cardTitles(page)).toHaveText(second.products.map((p) => p.title));

    await pager(page).getByRole('button', { name: 'Page 3' }).click();
    await expect(page).toHaveURL('/?page=3');
    await expect(pager(page).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await expect(cardTitles(page)).toHaveText(third.products.map((p) => p.title));

    await page.goBack();
    await expect(page).toHaveURL('/?page=2');
    await expect(cardTitles(page)).toHaveText(second.products.map((p) => p.title));
    await page.goForward();
    await expect(page).toHaveURL('/?page=3');
    await expect(pager(page)).toContainText('Showing 25 to 36');

    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/?page=2');
  });

  test('starts again at page 1 when a shared link points past the last page', async ({ page }) => {
    await page.goto('/?page=999');
    await expect(page).toHaveURL('/');
    await expect(pager(page)).toContainText('Showing 1 to 12');
  });

  test('shrinks and darkens the top bar once the page scrolls more than 20 px', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    const tall = await bar.boundingBox();
    await page.mouse.wheel(0, 400);
    await expect(bar).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(async () => (await bar.boundingBox())!.height).toBeLessThan(tall!.height);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
  });

  test('shows an empty state when nothing matches the filters', async ({ page }) => {
    await page.goto('/?search=zzqqxx-no-such-saree');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await page.getByRole('link', { name: 'Show all products' }).click();
    await expect(page).toHaveURL('/');
    await expect(cards(page)).toHaveCount(12);
  });
});

test.describe('the top bar search', () => {
  test('hides suggestions for empty or blank text and does nothing on an empty submit', async ({ page }) => {
    await page.goto('/?page=2');
    const box = searchBox(page);
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL('/?page=2');
    await expect(page.getByRole('listbox', { name: 'Product suggestions' })).toBeHidden();
    await expect(page.getByText('No products found')).toHaveCount(0);
  });

  test('suggests up to 5 matching products with thumbnail, title, brand, category and price', async ({
    page,
    request,
  }) => {
    const res = await request.get('/api/products/suggest?q=silk&limit=5');
    const expected = (await res.json()) as ListedProduct[];
    expect(expected.length).toBe(5);
    await page.goto('/');
    await searchBox(page).fill('SILK');
    await expect(suggestions(page)).toHaveCount(5);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    const first = suggestions(page).first();
    await expect(first).toContainText(expected[0]!.title);
    await expect(first).toContainText(`${expected[0]!.brand} · ${expected[0]!.category}`);
    await expect(first).toContainText('₹');
    await expect(first.locator('img')).toHaveAttribute('src', /\.webp$|^https?:/);
    for (const option of await suggestions(page).all()) await expect(option).toContainText(/silk/i);
    await expectNoSeriousA11yViolations(page);
  });

  test('shows No products found when nothing matches, and closes on a click outside', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('qqzzxx');
    await expect(page.getByRole('status').filter({ hasText: 'No products found' })).toBeVisible();
    await page.getByRole('heading', { name: 'All Products' }).click();
    await expect(page.getByText('No products found')).toHaveCount(0);
    await searchBox(page).fill('silk');
    await expect(suggestions(page).first()).toBeVisible();
    await page.getByRole('heading', { name: 'All Products' }).click();
    await expect(page.getByRole('listbox', { name: 'Product suggestions' })).toBeHidden();
  });

  test('moves through suggestions with the arrow keys, closes with Escape, and opens the chosen one with Enter', async ({
    page,
    request,
  }) => {
    const user = await signUpByApi(request);
    await logInByUi(page, user);
    const expected = (await (
      await request.get('/api/products/suggest?q=banarasi&limit=5')
    ).json()) as ListedProduct[];
    const box = searchBox(page);
    await box.fill('banarasi');
    await expect(suggestions(page)).toHaveCount(expected.length);
    await box.press('ArrowDown');
    await expect(suggestions(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(suggestions(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    const activeId = await suggestions(page).nth(1).getAttribute('id');
    await expect(box).toHaveAttribute('aria-activedescendant', activeId!);
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    // Wraps from the first option to the last.
    await expect(suggestions(page).last()).toHaveAttribute('aria-selected', 'true');

    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Product suggestions' })).toBeHidden();
    await expect(box).toHaveValue('banarasi');

    await box.press('ArrowDown');
    await expect(suggestions(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(`/product-detail/${expected[0]!.id}`);
    await expect(searchBox(page)).toHaveValue('');
  });

  test('opens a suggestion on click and clears the text', async ({ page, request }) => {
    const user = await signUpByApi(request);
    await logInByUi(page, user);
    const expected = (await (
      await request.get('/api/products/suggest?q=kurti&limit=5')
    ).json()) as ListedProduct[];
    await searchBox(page).fill('kurti');
    await suggestions(page).filter({ hasText: expected[1]!.title }).click();
    await expect(page).toHaveURL(`/product-detail/${expected[1]!.id}`);
    await expect(searchBox(page)).toHaveValue('');
  });

  test('submits the text to the listing, which then shows only matching products', async ({
    page,
    request,
  }) => {
    const matching = await listing(request, 'search=Lehenga&_page=1');
    expect(matching.totalProducts).toBeGreaterThan(0);
    await page.goto('/?page=2');
    await searchBox(page).fill('Lehenga');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL('/?search=Lehenga');
    await expect(cardTitles(page)).toHaveText(matching.products.map((p) => p.title));
    await expect(page.getByText('Results for “Lehenga”')).toBeVisible();
    await expect(pager(page)).toContainText(`of ${matching.totalProducts} results`);
    await expect(searchBox(page)).toHaveValue('Lehenga');
  });

  test('encodes the search text in the URL', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('silk & zari');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/?search=silk%20%26%20zari');
  });
});

test.describe('the page frame', () => {
  test('shows Products, Login, Sign Up and their bag to visitors, and the footer texts', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    for (const text of [
      'Quick Links',
      'About Us',
      'Products',
      'Collections',
      'Special Offers',
      'Customer Service',
      'Contact Us',
      'Shipping Info',
      'Returns & Exchanges',
      'FAQ',
      'Get In Touch',
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
    ]) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(footer).toContainText('Mumbai');
    // Customer care and the grievance officer (E-Commerce Rules 2020), both from the shop settings.
    const mails = footer.getByRole('link', { name: /@/ });
    await expect(mails).toHaveCount(2);
    for (const link of await mails.all()) await expect(link).toHaveAttribute('href', /^mailto:/);
    // The demo has no social links of its own: the footer shows only those set in Shop Settings (brand.spec.ts).
    await expect(footer.getByRole('link', { name: /on (Instagram|Facebook|YouTube)$/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Saree Pari' }).first().click();
    await expect(page).toHaveURL('/');
  });

  test('gives a shopper the cart with its count and a profile menu with the tagline, usable from the keyboard', async ({
    page,
    request,
  }) => {
    const user = await signUpByApi(request);
    await logInByUi(page, user);
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }),
    ).toHaveAttribute('href', '/');
    const cart = page.getByRole('link', { name: /^Cart/ });
    await expect(cart).toHaveAttribute('href', '/cart');
    await expect(cart.getByTestId('cart-count')).toHaveText('0');

    const menuButton = page.getByRole('button', { name: 'Open user menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Your magical shopping experience');
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'My Orders', 'My Wishlist', 'Sign out']);
    await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('data-focus', '');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test('counts the lines in the shopper’s cart on the badge', async ({ page, request }) => {
    const user = await signUpByApi(request);
    await logInByUi(page, user);
    const [a, b] = (await listing(request, '_page=1')).products.filter((p) => p.discountedPrice > 0);
    const full = async (id: number) =>
      (await (await page.request.get(`/api/products/${id}`)).json()) as { colors: string[]; sizes: number[] };
    for (const p of [a!, b!]) {
      const { colors, sizes } = await full(p.id);
      const res = await page.request.post('/api/cart', {
        data: { product: p.id, quantity: 1, color: colors[0], size: sizes[0] },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });

  test('gives an admin the Dashboard first, Products to /admin, Orders to /admin/orders, Returns, Promotions, Settings, the shop Pages and Staff', async ({ page }) => {
    await logInByUi(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Products', 'Orders', 'Returns', 'Reviews', 'Customers', 'Promotions', 'Settings', 'Pages', 'Staff']);
    await expect(nav.getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/admin/returns');
    await expect(nav.getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/admin/promotions');
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/staff');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    await expect(nav.getByRole('link', { name: 'Pages' })).toHaveAttribute('href', '/admin/pages');
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin');
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keeps search, links and account options in a collapsible panel', async ({ page }) => {
    await page.goto('/');
    await expect(searchBox(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open main menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close main menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const panel = page.locator('#mobile-menu');
    await expect(panel.getByRole('link', { name: 'Products' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await searchBox(page).fill('Lehenga');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL('/?search=Lehenga');
    await expect(panel).toHaveCount(0);
  });

  test('opens the filters in a slide-in panel and applies a ticked category', async ({ page, request }) => {
    const category = (await listing(request, '_page=1')).products[0]!.category;
    const inCategory = await listing(request, `category=${encodeURIComponent(category)}&_page=1`);
    await page.goto('/');
    await expect(page.getByRole('checkbox', { name: category, exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('checkbox', { name: category, exact: true }).check();
    await dialog.getByRole('button', { name: 'Close filters' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/?category=${encodeURIComponent(category).replace(/%20/g, '+')}`);
    await expect(cardTitles(page)).toHaveText(inCategory.products.map((p) => p.title));
    await expect(page.getByRole('button', { name: /Filters/ })).toContainText('1');
    await expectNoSeriousA11yViolations(page);
  });
});
