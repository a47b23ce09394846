import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts the seed creates outside production (apps/api/src/db/seed). */
export const DEMO_ADMIN = { email: 'admin@sareepari.local', password: 'Admin@1234' };
export const DEMO_SHOPPER = { email: 'asha@sareepari.local', password: 'Shopper@1234' };

export interface NewUser {
  name: string;
  email: string;
  password: string;
  phoneNumber: string;
}

/** A fresh, unique shopper for one test: each test owns its data. */
export function newUser(): NewUser {
  const id = randomBytes(4).toString('hex');
  return { name: 'Meera Iyer', email: `meera.${id}@example.com`, password: 'Secret123', phoneNumber: '+919876543210' };
}

/** Signs up through the API (same origin, so the page's cookie jar is not touched). */
export async function signUpByApi(request: APIRequestContext, user: NewUser = newUser()): Promise<NewUser> {
  const res = await request.post('/api/auth/signup', { data: { ...user, addresses: [], role: 'user' } });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Signs in through the login page and waits to land on the listing (an admin: on the dashboard, issue 16). */
export async function logInByUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/(admin\/dashboard)?$/);
}

/** Waits for the mail sent to an address (the journeys' SMTP server files them) and returns its text. */
export async function waitForMail(to: string, contains = '', timeout = 15_000): Promise<string> {
  const dir = join(process.env.E2E_DIR!, 'mail');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return false;
        for (const f of readdirSync(dir).sort().reverse()) {
          const text = readFileSync(join(dir, f), 'utf8');
          if (text.startsWith(`X-Envelope-To: ${to}`) && text.includes(contains)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout },
    )
    .toBe(true);
  return decodeQuotedPrintable(found!);
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A product as the listing API returns it: the fields the journeys use. */
export interface Listed {
  id: number;
  title: string;
  stock: number;
  colors: string[];
  sizes: number[];
  discountedPrice: number;
  /** Empty for one shared stock (decision 036). */
  variants: unknown[];
  sizeUnit: string;
}

/** One shared stock sized in inches: its size radios are named "42 in" and every colour × size is sold. */
export const sharedInches = (p: Listed) => p.variants.length === 0 && p.sizeUnit === 'in';

/** Products from the seeded catalogue, read from the API (the oracle). */
export async function catalogue(request: APIRequestContext): Promise<Listed[]> {
  const res = await request.get('/api/products?_per_page=100');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: Listed[] }).products;
}

/**
 * `count` demo products in stock with room to spare (and matching `also`), a random run of them:
 * parallel journeys spread over the catalogue, so no one product's stock runs low.
 */
export async function inStock(request: APIRequestContext, count: number, also: (p: Listed) => boolean = () => true): Promise<Listed[]> {
  const found = (await catalogue(request)).filter((p) => p.stock >= 10 && also(p));
  expect(found.length, 'in-stock demo products').toBeGreaterThanOrEqual(count);
  const start = Math.floor(Math.random() * (found.length - count + 1));
  return found.slice(start, start + count);
}

/** This test's own product, with `stock` pieces, made by the demo admin from a demo product's details. */
export async function ownProduct(baseURL: string | undefined, model: Listed, stock: number, title: string): Promise<Listed> {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const full = (await (await admin.get(`/api/products/${model.id}`)).json()) as Record<string, unknown>;
  const created = await admin.post('/api/products', {
    data: {
      title: `${title} ${Date.now().toString(36)}`,
      description: full.description,
      brand: full.brand,
      category: full.category,
      price: 9999,
      discountPercentage: 10,
      stock,
      highlights: full.highlights,
      thumbnail: full.thumbnail,
      images: full.images,
      colors: full.colors,
      sizes: full.sizes,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Listed;
  await admin.dispose();
  return product;
}

/**
 * Issue 17: `/` comes with the server's first paint, a still picture of the page that the app takes
 * over once its script has run; the journeys act on the app, so a load waits for that takeover.
 */
async function untilAppRuns(page: Page): Promise<void> {
  if (await page.locator('#first-paint[data-app]').count()) await page.locator('#first-paint').waitFor({ state: 'detached' });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const res = await goto(...args);
      await untilAppRuns(page);
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await untilAppRuns(page);
      return res;
    };
    await use(page);
  },
});
export { expect };

/** A shopper who signs up and places one cash order to Mumbai through the API (cart first: the server builds orders from it); its id. */
export async function placeCashOrderByApi(
  api: APIRequestContext,
  user: NewUser,
  lines: { product: Listed; quantity: number }[],
): Promise<number> {
  await signUpByApi(api, user);
  expect((await api.post('/api/auth/login', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
  for (const { product, quantity } of lines) {
    const res = await api.post('/api/cart', {
      data: { product: product.id, quantity, color: product.colors[0], size: product.sizes[0] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
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
  return ((await res.json()) as { id: number }).id;
}
