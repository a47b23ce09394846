import { request as httpRequest } from 'node:http';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { pathSpellings } from './hostile.ts';
import { snapshot } from './invariants.ts';
import { ACTORS, ROUTE_CASES, buildWorld, requestFor, uploadedPicture, type Actor, type RouteCase } from './route-cases.ts';

let t: TestApp;
let picture: { png: Buffer; path: string };
beforeAll(async () => {
  t = await createTestApp();
  picture = await uploadedPicture(t);
});
afterAll(() => t.close());

const FOREIGN = 'https://evil.example';

const refuses = (c: RouteCase, actor: Actor) => c.expect[actor] >= 400;
const isWrite = (c: RouteCase) => !c.route.startsWith('GET ') && !c.signed;

describe('the same route however its path is spelled', () => {
  it.each(ROUTE_CASES.map((c) => [c.route, c] as [string, RouteCase]))('%s answers every spelling as its own path', async (_route, c) => {
    const w = await buildWorld(t, picture.png, picture.path);
    const canonical = requestFor(c, w, 'out').url as string;
    const variants = pathSpellings(canonical);
    if (variants.length === 0) return;
    const at = (req: InjectOptions, url: string): InjectOptions => ({ ...req, url });
    const before = await snapshot(t.db);

    // Refusals change nothing, so every spelling can be tried for them; a foreign page's write too.
    for (const url of variants) {
      for (const actor of ACTORS.filter((a) => refuses(c, a) || c.route.startsWith('GET '))) {
        const res = await t.app.inject(at(requestFor(c, w, actor), url));
        expect(res.statusCode, `${actor} at ${url}`).toBe(c.expect[actor]);
      }
      if (isWrite(c)) {
        const actor: Actor = c.expect.a < 300 ? 'a' : 'admin';
        const req = requestFor(c, w, actor);
        const res = await t.app.inject(at({ ...req, headers: { ...(req.headers as Record<string, string>), origin: FOREIGN } }, url));
        expect(res.statusCode, `a foreign page's write at ${url}`).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    if (!c.route.startsWith('GET ')) expect(await snapshot(t.db)).toEqual(before);

    // The callers a write serves, once, at the first spelling: their session is read there too.
    if (!c.route.startsWith('GET ')) {
      for (const actor of ACTORS.filter((a) => !refuses(c, a))) {
        const res = await t.app.inject(at(requestFor(c, w, actor), variants[0]!));
        expect(res.statusCode, `${actor} at ${variants[0]}`).toBe(c.expect[actor]);
      }
    }
  });

  it('routes no spelling that changes a letter’s case or escapes a slash, and a foreign page gets no session from one', async () => {
    const w = await buildWorld(t, picture.png, picture.path);
    const before = await snapshot(t.db);
    const login = { email: w.people.b.email, password: 'Shopper@1234' };
    for (const url of ['/API/auth/login', '/Api/auth/login', '/api%2Fauth/login', '/api/auth%2Flogin', '/%2561pi/auth/login']) {
      const res = await t.app.inject({ method: 'POST', url, payload: login, headers: { origin: FOREIGN } });
      // Unrouted: a 404, or the origin check's 403 where the path still starts with /api/.
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('over a real connection, where the client sends the path as written', () => {
  it('refuses a foreign login at every spelling of the path, dot segments included', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const w = await buildWorld(t, picture.png, picture.path);
    const body = JSON.stringify({ email: w.people.b.email, password: 'x' });
    for (const path of ['/%61pi/auth/login', '//api/auth/login', '/./api/auth/login', '/api/x/../auth/login', '/%2e/api/%61uth/login']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { origin: FOREIGN, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
      expect(status, path).toBe(403);
    }
  });
});
