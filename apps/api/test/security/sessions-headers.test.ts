import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, TEST_PASSWORD, type TestApp } from '../app.ts';

// What helper tests already prove (cookie flags, rotation, logout, reset, rate limits, Origin) is
// listed in docs/security.md; this file adds the headers and the finer session and timing checks.
let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: unknown): Record<string, string> {
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe('security headers', () => {
  it.each([
    ['a JSON reply', '/api/health'],
    ['a JSON 404', '/api/nothing-here'],
    ['an uploads miss', '/uploads/none.webp'],
    ['the API documentation', '/api/docs/json'],
  ])('sends a strict CSP and the helmet headers on %s', async (_what, url) => {
    const res = await t.app.inject(url);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toBe("'self'");
    // Only the shop's own scripts and the payment provider's checkout; never inline or eval.
    expect(csp['script-src']).toBe("'self' https://checkout.razorpay.com");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'self'");
    expect(csp['script-src-attr']).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain HTTP (local use): no HSTS, which would lock a developer's localhost onto HTTPS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the payment provider frame its checkout and receive its form posts, and nothing else', async () => {
    const csp = directives((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp['frame-src']).toBe("'self' https://api.razorpay.com https://checkout.razorpay.com");
    expect(csp['form-action']).toBe("'self' https://api.razorpay.com");
    expect(csp['connect-src']).toBe("'self' https://api.razorpay.com https://lumberjack.razorpay.com");
  });

  it('adds HSTS and upgrade-insecure-requests behind HTTPS', async () => {
    const res = await https.app.inject('/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });

  it('sends the same headers on the plain-text login failure', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'Wrong1234' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy'])['default-src']).toBe("'self'");
  });
});

describe('sessions', () => {
  it('never adopts a session id planted before login (session fixation)', async () => {
    const user = await insertUser(t.db);
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { cookie: `sid=${planted}` }, payload: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid')!.value;
    expect(sid).not.toBe(planted);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: `sid=${planted}` } })).statusCode).toBe(401);
  });

  it('ends the session server-side at logout: the old cookie, replayed, is refused everywhere', async () => {
    const user = await insertUser(t.db);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    for (const url of ['/api/auth/check', '/api/users/owner', '/api/cart', '/api/orders/owner']) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(401);
    }
  });
});

describe('login timing', () => {
  it('takes as long for an unknown email as for a wrong password, within noise, both ways', async () => {
    await insertUser(t.db, { email: 'timing@example.com' });
    const timeOf = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong1234' } });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a slow moment of the machine hits both kinds alike.
    for (let i = 0; i < 15; i++) {
      known.push(await timeOf('timing@example.com'));
      unknown.push(await timeOf(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    console.log(`login timing: known email ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
