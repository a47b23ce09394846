import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartItem, Order, Product } from '@shop/shared';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/env.ts';
import { cartItems } from '../../src/modules/cart/cart.table.ts';
import { products } from '../../src/modules/products/products.table.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { insertCartLine, insertProduct, orderPayload, productBody, shopper } from '../commerce.ts';
import { multipart } from './route-cases.ts';

// The original shop was a Create-React-App client on its own origin calling the API
// with credentials: 'include'. These are the calls that client makes, as it makes them.
const CLIENT = 'http://localhost:3001';
const API = 'http://localhost:3000';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: API, CORS_ORIGIN: CLIENT, WEB_URL: CLIENT });
  admin = (await shopper(t.db, 'admin')).cookie;
});
afterAll(() => t.close());

const fromClient = { origin: CLIENT, 'sec-fetch-site': 'same-site' };

async function uploadedPicture(
  app: FastifyInstance = t.app,
  origin: Record<string, string> = fromClient,
): Promise<{ secure_url: string; url: string }> {
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#7a1f2b' } })
    .png()
    .toBuffer();
  const form = multipart(png);
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie: admin, ...origin, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('CORS for CORS_ORIGIN', () => {
  it('answers the preflight of a credentialed JSON DELETE from the client with exactly what it needs', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/cart/7',
      headers: {
        origin: CLIENT,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']),
    );
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual([
      'content-type',
      'idempotency-key',
    ]);
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('lets the client read a credentialed reply, and tells caches the reply depends on Origin', async () => {
    const me = await shopper(t.db);
    const res = await t.app.inject({ url: '/api/auth/check', headers: { cookie: me.cookie, ...fromClient } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('sends nothing that lets another origin read, preflight or reply', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3002', `${CLIENT}.evil.example`]) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/cart',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      const reply = await t.app.inject({ url: '/api/products', headers: { origin } });
      for (const res of [preflight, reply]) {
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
      }
    }
  });

  it('takes writes with the cookie from the client and refuses them from any other origin', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    const line = { product: p.id, quantity: 1, color: '#aa2233', size: 42 };
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
      payload: line,
    });
    expect(evil.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: me.cookie, ...fromClient },
      payload: line,
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('a body-less DELETE sent with a JSON content type', () => {
  it('removes the cart line, so it is never ordered later', async () => {
    const me = await shopper(t.db);
    const kept = await insertProduct(t.db, { title: 'Kept Saree' });
    const removed = await insertProduct(t.db, { title: 'Removed Saree' });
    await insertCartLine(t.db, me.user.id, kept.id);
    const line = await insertCartLine(t.db, me.user.id, removed.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${line.id}`,
      headers: { cookie: me.cookie, 'content-type': 'application/json', ...fromClient },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.id, line.id))).toEqual([]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: me.cookie, ...fromClient },
      payload: orderPayload('cash'),
    });
    expect(order.json<Order>().items.map((i) => i.product.title)).toEqual(['Kept Saree']);
  });

  it('still refuses a real body that tries prototype poisoning', async () => {
    const me = await shopper(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/1',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      payload: '{"name":"Asha","__proto__":{"role":"admin"}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the admin form's sizes as strings", () => {
  const body = (sizes: unknown[]) => ({
    title: 'String Size Kurta',
    description: 'Cotton kurta',
    brand: 'Kanjivaram House',
    category: 'kurtas',
    price: 1499,
    discountPercentage: 10,
    stock: 5,
    highlights: ['a', 'b', 'c', 'd'],
    thumbnail: 'https://example.com/t.webp',
    images: ['https://example.com/1.webp', 'https://example.com/2.webp', 'https://example.com/3.webp'],
    colors: ['#aa2233'],
    sizes,
  });

  it('accepts canonical numeric strings and stores numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin, ...fromClient },
      payload: body(['42', '38.5', 40]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Product>().sizes).toEqual([42, 38.5, 40]);
  });

  it('refuses strings that are not written as a plain number', async () => {
    for (const size of ['042', '4e1', ' 42', '0x2A', '42.', '', 'M']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: body([size]),
      });
      expect(res.statusCode, JSON.stringify(size)).toBe(400);
    }
  });
});

describe('pictures for a client on another origin', () => {
  it('names uploaded pictures absolutely in every reply, and serves them for cross-origin use', async () => {
    const picture = await uploadedPicture();
    expect(picture.secure_url).toMatch(new RegExp(`^${API}/uploads/[0-9a-f]+`));
    const relative = picture.secure_url.slice(API.length);
    const p = await insertProduct(t.db, { title: 'Pictured Saree' });
    await t.db
      .update(products)
      .set({ thumbnail: relative, images: [relative, relative, relative] })
      .where(eq(products.id, p.id));
    const me = await shopper(t.db);
    await insertCartLine(t.db, me.user.id, p.id);

    const detail = (await t.app.inject(`/api/products/${p.id}`)).json<Product>();
    const list = (await t.app.inject('/api/products?search=Pictured')).json<{ products: Product[] }>();
    const suggestions = (await t.app.inject('/api/products/suggest?q=Pictured')).json<
      { thumbnail: string }[]
    >();
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: me.cookie } })).json<
      CartItem[]
    >();
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: me.cookie, ...fromClient },
        payload: orderPayload('cash'),
      })
    ).json<Order>();
    for (const url of [
      detail.thumbnail,
      ...detail.images,
      list.products[0]!.thumbnail,
      suggestions[0]!.thumbnail,
      cart[0]!.product.thumbnail,
      order.items[0]!.product.thumbnail,
    ]) {
      expect(url).toBe(`${API}${relative}`);
    }

    const served = await t.app.inject({ url: relative, headers: { origin: CLIENT } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('links the reset mail to the web client that WEB_URL names', async () => {
    const { user } = await shopper(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/mail/reset-password-request', headers: fromClient, payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = await vi.waitFor(
      () => {
        const text = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8')).find((m) => m.includes('reset-password?'));
        if (!text) throw new Error('no reset mail yet');
        return text;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(mail).toContain(`${CLIENT}/reset-password?`);
    expect(mail).not.toContain(`${API}/reset-password?`);
  });

  it("names the default avatar in full, so the client on its own origin can show it", async () => {
    const { cookie } = await shopper(t.db);
    for (const url of ['/api/users/owner', '/api/auth/check']) {
      const res = await t.app.inject({ url, headers: { cookie, ...fromClient } });
      expect(res.json<{ imageUrl: string }>().imageUrl).toBe(`${API}/avatar.svg`);
    }
  });

  it('stores the absolute URLs the client sends back as location-free /uploads paths', async () => {
    const picture = await uploadedPicture();
    const url = picture.secure_url;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin, ...fromClient },
      payload: productBody(url, { title: 'Round Trip Saree' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Product>().thumbnail).toBe(url);
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json<Product>().id));
    expect(row!.thumbnail).toBe(url.slice(API.length));
    expect(row!.images).toEqual([
      url.slice(API.length),
      url.slice(API.length),
      'https://cdn.example.com/elsewhere.webp',
    ]);
  });

  it('keeps relative paths and same-origin pictures on the default single-origin setup', async () => {
    const config = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      PUBLIC_URL: API,
      WEB_DIST: t.config.webDist,
      LOG_LEVEL: 'silent',
    });
    expect(config.assetBaseUrl).toBeUndefined();
    const single = await buildApp({ database: t.database, config, logger: false });
    try {
      const picture = await uploadedPicture(single, {});
      expect(picture.secure_url).toMatch(/^\/uploads\//);
      const served = await single.inject(picture.secure_url);
      expect(served.headers['cross-origin-resource-policy']).toBe('same-origin');
      const preflight = await single.inject({
        method: 'OPTIONS',
        url: '/api/cart',
        headers: { origin: CLIENT, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await single.close();
    }
  });

  it('takes an explicit ASSET_BASE_URL (a CDN in front of /uploads) and checks CORS_ORIGIN entries are exact origins', () => {
    expect(parseEnv({ ASSET_BASE_URL: 'https://cdn.example.in/' }).assetBaseUrl).toBe(
      'https://cdn.example.in',
    );
    expect(parseEnv({ CORS_ORIGIN: 'http://localhost:3001, https://shop.example.in' }).corsOrigins).toEqual([
      'http://localhost:3001',
      'https://shop.example.in',
    ]);
    expect(() => parseEnv({ CORS_ORIGIN: 'https://shop.example.in/app' })).toThrow(/exact origin/);
    expect(() => parseEnv({ CORS_ORIGIN: '*' })).toThrow(/CORS_ORIGIN/);
  });
});
