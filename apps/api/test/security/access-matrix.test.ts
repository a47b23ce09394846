import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPlugin, declareScopeAccess } from '../../src/plugins/access.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { snapshot } from './invariants.ts';
import { ACTORS, CANARY, ROUTE_CASES, aState, buildWorld, requestFor, routeTable, uploadedPicture, type Actor, type RouteCase } from './route-cases.ts';

let t: TestApp;
let picture: { png: Buffer; path: string };
beforeAll(async () => {
  t = await createTestApp();
  picture = await uploadedPicture(t);
});
afterAll(() => t.close());

const FOREIGN = 'https://evil.example';

describe('the route table', () => {
  it('has an expected access row for every route the server serves, and no row for a route it does not', () => {
    const served = routeTable(t.app);
    expect(served.length).toBeGreaterThan(40);
    expect(served).toEqual(ROUTE_CASES.map((c) => c.route).sort());
  });

  it('has the API docs say who may call each API route, as its row says', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    const documented: Record<string, string | undefined> = {};
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        documented[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`] = operation['x-access'];
      }
    }
    // The docs' own pages are left out of the docs; their rows are checked by sending them below.
    const rows = ROUTE_CASES.filter((c) => /^\w+ \/api\/(?!docs)/.test(c.route));
    expect(documented).toEqual(Object.fromEntries(rows.map((c) => [c.route, c.access])));
  });

  it('refuses to start when an API route declares no access rule', async () => {
    const app = Fastify({ logger: false });
    await app.register(accessPlugin);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow('Route GET /api/forgotten declares no access rule');
    await app.close();
  });

  it('lets a scope declare the access of the routes a plugin inside it adds, and checks them as declared', async () => {
    const app = Fastify({ logger: false });
    await app.register(accessPlugin);
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'open');
      // Like @fastify/swagger-ui: routes in a plugin of its own, without a config.
      await scope.register(async (plugin) => {
        plugin.get('/api/listing', async () => ({ ok: true }));
        plugin.get('/api/own-rule', { config: { access: 'admin' } }, async () => ({ ok: true }));
      });
    });
    await app.ready();
    expect((await app.inject('/api/listing')).statusCode).toBe(200);
    expect((await app.inject('/api/own-rule')).statusCode).toBe(401);
    await app.close();
  });
});

describe('the access matrix: signed out, shopper A, shopper B, staff and the owner on every route', () => {
  it.each(ROUTE_CASES.map((c) => [c.route, c] as [string, RouteCase]))('%s answers each caller as declared', async (_route, c) => {
    const w = await buildWorld(t, picture.png, picture.path);
    const before = await aState(t, w);
    const seen: Record<Actor, number> = { out: 0, a: 0, b: 0, staff: 0, admin: 0 };
    for (const actor of ACTORS) {
      const res = await t.app.inject(requestFor(c, w, actor));
      seen[actor] = res.statusCode;
      if (res.statusCode >= 400) {
        // Every refusal carries a message; login's is plain text (docs/product.md, Errors).
        expect(c.route === 'POST /api/auth/login' ? res.body : res.json<{ message: string }>().message).toBeTruthy();
      }
      if (actor === 'out' || actor === 'b') {
        expect(res.body, `${actor}'s reply carries shopper A's data`).not.toMatch(CANARY);
        // Neither a visitor nor B changed anything of A's: profile, addresses, cart, orders.
        expect(await aState(t, w)).toBe(before);
      }
    }
    expect(seen).toEqual(c.expect);
  });
});

describe("shopper B against shopper A's things", () => {
  it("never sees A's cart, orders, addresses or profile in B's own lists", async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const b = { cookie: w.people.b.cookie };
    for (const url of ['/api/cart', '/api/orders/owner', '/api/orders/owner/_page=1&_per_page=100&', '/api/users/owner', '/api/auth/check']) {
      const res = await t.app.inject({ url, headers: b });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(CANARY);
    }
    const orders = (await t.app.inject({ url: '/api/orders/owner', headers: b })).json<{ totalOrders: number }>();
    expect(orders.totalOrders).toBe(0);
  });

  it("cannot reach A's order or cart line by id, nor A's profile, and finds them gone as if they did not exist", async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const b = { cookie: w.people.b.cookie };
    const before = await snapshot(t.db);
    const tries = [
      { method: 'GET' as const, url: `/api/orders/${w.aOrderId}` },
      { method: 'PATCH' as const, url: `/api/cart/${w.aCartLineId}`, payload: { quantity: 3 } },
      { method: 'DELETE' as const, url: `/api/cart/${w.aCartLineId}` },
      { method: 'PATCH' as const, url: `/api/users/${w.people.a.id}`, payload: { addresses: [] } },
    ];
    const replies = [];
    for (const r of tries) replies.push(await t.app.inject({ ...r, headers: b }));
    expect(replies.map((r) => [r.statusCode, r.json()])).toEqual([
      [404, { message: 'Order not found' }],
      [404, { message: 'Cart item not found' }],
      [404, { message: 'Cart item not found' }],
      [403, { message: 'You are not allowed to do that' }],
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('cross-site writes', () => {
  const writes = ROUTE_CASES.filter((c) => !c.route.startsWith('GET ') && !c.signed);

  it.each(writes.map((c) => [c.route, c] as [string, RouteCase]))('%s with the cookie and a foreign Origin is refused with 403 and changes nothing', async (_route, c) => {
    const w = await buildWorld(t, picture.png, picture.path);
    // The caller who may make this write: A for shopper routes and open ones, the admin for admin routes.
    const actor: Actor = c.expect.a < 300 ? 'a' : 'admin';
    const req = requestFor(c, w, actor);
    const before = await snapshot(t.db);
    const res = await t.app.inject({ ...req, headers: { ...(req.headers as Record<string, string>), origin: FOREIGN } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
