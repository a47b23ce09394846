import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, TEST_PASSWORD, type TestApp } from '../../../test/app.ts';

// The production posture: rate limits on and the shop behind HTTPS.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

// The counters live in the database and reset() empties them; each test still floods from its own address.
let lastOctet = 0;
const newIp = () => `203.0.113.${++lastOctet}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/;

async function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: expect.stringMatching(TOO_MANY) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const signupBody = (email: string) => ({ name: 'Asha Rao', phoneNumber: '+919820012345', email, password: 'Silk2024x' });

describe('session cookie behind HTTPS', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const res = await post('/api/auth/login', { email: 'asha@example.com', password: TEST_PASSWORD }, newIp());
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});

describe('rate limits', () => {
  it('stops the 11th login in a minute for one email from one address, even with the right password', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { email: 'asha@example.com', password: `Wrong${i}xyZ` }, ip)).statusCode).toBe(401);
    }
    await expectLimited(await post('/api/auth/login', { email: 'Asha@Example.com ', password: TEST_PASSWORD }, ip));
    // The same account from another address, and another account from this one, still get in.
    expect((await post('/api/auth/login', { email: 'asha@example.com', password: TEST_PASSWORD }, newIp())).statusCode).toBe(200);
    await insertUser(t.db, { email: 'ravi@example.com' });
    expect((await post('/api/auth/login', { email: 'ravi@example.com', password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('stops the 31st login in a minute from one address across emails', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/auth/login', { email: `guess${i}@example.com`, password: 'Wrong1xyz' }, ip)).statusCode).toBe(401);
    }
    await expectLimited(await post('/api/auth/login', { email: 'another@example.com', password: 'Wrong1xyz' }, ip));
  });

  it('counts malformed logins too', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await post('/api/auth/login', { email: `not-an-email-${i}` }, ip)).statusCode).toBe(400);
    await expectLimited(await post('/api/auth/login', { email: 'asha@example.com', password: 'x' }, ip));
  });

  it('stops the 11th signup in an hour from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/signup', signupBody(`new${i}@example.com`), ip)).statusCode).toBe(201);
    await expectLimited(await post('/api/auth/signup', signupBody('new10@example.com'), ip));
  });

  it('does not count signups refused as invalid, so mistyped forms behind one address lock nobody out', async () => {
    const ip = newIp();
    for (let i = 0; i < 15; i++) expect((await post('/api/auth/signup', { ...signupBody(`new${i}@example.com`), password: 'short' }, ip)).statusCode).toBe(400);
    expect((await post('/api/auth/signup', signupBody('new@example.com'), ip)).statusCode).toBe(201);
  });

  it('stops the 6th signup attempt for one email from any addresses', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/signup', signupBody('taken@example.com'), newIp());
      expect(res.statusCode).toBe(i === 0 ? 201 : 409);
    }
    await expectLimited(await post('/api/auth/signup', signupBody('TAKEN@example.com'), newIp()));
  });

  it('stops the 6th reset mail request for one email in 15 minutes, from any addresses', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/mail/reset-password-request', { email: 'nobody@example.com' }, newIp())).statusCode).toBe(200);
    }
    await expectLimited(await post('/api/mail/reset-password-request', { email: 'nobody@example.com' }, newIp()));
  });

  it('stops the 21st reset mail request in 15 minutes from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await post('/api/mail/reset-password-request', { email: `nobody${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    await expectLimited(await post('/api/mail/reset-password-request', { email: 'someone@example.com' }, ip));
  });

  it('stops the 21st password reset in 15 minutes from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/auth/reset-password', { email: `x${i}@example.com`, token: `guess${i}`, password: 'NewSilk2025' }, ip);
      expect(res.statusCode).toBe(400);
    }
    await expectLimited(await post('/api/auth/reset-password', { email: 'y@example.com', token: 'guess', password: 'NewSilk2025' }, ip));
  });

  it('stops the 11th password reset for one email in 15 minutes, from any addresses', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/reset-password', { email: 'asha@example.com', token: `guess${i}`, password: 'NewSilk2025' }, newIp());
      expect(res.statusCode).toBe(400);
    }
    await expectLimited(await post('/api/auth/reset-password', { email: 'asha@example.com', token: 'guess', password: 'NewSilk2025' }, newIp()));
  });

  it('leaves the other routes alone', async () => {
    const ip = newIp();
    for (let i = 0; i < 40; i++) {
      expect((await t.app.inject({ url: '/api/auth/logout', remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});
