import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL, PASSWORD_RULES_MESSAGE } from '@shop/shared';
import { createTestApp, insertUser, loginCookie, signedIn, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { hashToken } from '../modules/auth/sessions.ts';
import { users } from '../modules/users/users.table.ts';
import { passwordResetTokens, sessions } from '../modules/auth/auth.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const signupBody = (over: Record<string, unknown> = {}) => ({
  name: "Meera D'Souza-Iyer",
  phoneNumber: '+919820012345',
  email: 'meera@example.com',
  password: 'Silk2024x',
  addresses: [],
  role: 'user',
  ...over,
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

const sidOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'sid')?.value;

describe('POST /api/auth/signup', () => {
  it('creates a user and replies 201 with the public user', async () => {
    const res = await post('/api/auth/signup', signupBody());
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      name: "Meera D'Souza-Iyer",
      email: 'meera@example.com',
      phoneNumber: '+919820012345',
      role: 'user',
      imageUrl: DEFAULT_AVATAR_URL,
      addresses: [],
    });
    expect(res.body).not.toMatch(/hash|argon|token/i);
  });

  it('stores an argon2id hash, never the password', async () => {
    await post('/api/auth/signup', signupBody());
    const [row] = await t.db.select().from(users).where(eq(users.email, 'meera@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('Silk2024x');
  });

  it('makes a user even when the body asks for admin', async () => {
    const res = await post('/api/auth/signup', signupBody({ role: 'admin' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
    const [row] = await t.db.select({ role: users.role }).from(users);
    expect(row!.role).toBe('user');
  });

  it('refuses an email that exists in another case with 409 Email already exists', async () => {
    await post('/api/auth/signup', signupBody());
    const res = await post('/api/auth/signup', signupBody({ email: 'MEERA@Example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already exists' });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('lets only one of two simultaneous signups with one email through', async () => {
    const [a, b] = await Promise.all([post('/api/auth/signup', signupBody()), post('/api/auth/signup', signupBody({ email: 'Meera@example.com' }))]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect([a!, b!].find((r) => r.statusCode === 409)!.json()).toEqual({ message: 'Email already exists' });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('does not sign the new user in', async () => {
    const res = await post('/api/auth/signup', signupBody());
    expect(sidOf(res)).toBeUndefined();
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['an empty name', { name: '  ' }, 'Name is required'],
    ['a name with digits', { name: 'Meera 2' }, 'Invalid name'],
    ['a missing phone', { phoneNumber: undefined }, 'Phone required'],
    ['an empty phone', { phoneNumber: '' }, 'Phone required'],
    ['a phone starting with 0', { phoneNumber: '09820012345' }, 'Invalid phone'],
    ['a phone with letters', { phoneNumber: '+91 98200 ABC' }, 'Invalid phone'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['an empty email', { email: '' }, 'Email is required'],
    ['an email without @', { email: 'meera.example.com' }, 'Invalid email'],
    ['an email with consecutive dots', { email: 'meera..d@example.com' }, 'Invalid email'],
    ['a missing password', { password: undefined }, 'Password required'],
    ['an empty password', { password: '' }, 'Password required'],
    ['a short password', { password: 'Ab1defg' }, 'Min 8 chars, 1 upper, 1 lower, 1 number'],
    ['a password without upper case', { password: 'silk2024x' }, 'Min 8 chars, 1 upper, 1 lower, 1 number'],
    ['a password without lower case', { password: 'SILK2024X' }, 'Min 8 chars, 1 upper, 1 lower, 1 number'],
    ['a password without a digit', { password: 'SilkSaree' }, 'Min 8 chars, 1 upper, 1 lower, 1 number'],
  ])('answers %s with 400 and its validation message', async (_what, over, message) => {
    const res = await post('/api/auth/signup', signupBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });
});

describe('POST /api/auth/login', () => {
  it('replies with the user and sets an httpOnly, SameSite=Lax session cookie on /', async () => {
    const user = await insertUser(t.db, { email: 'asha@example.com' });
    const res = await post('/api/auth/login', { email: 'Asha@Example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: 'asha@example.com', role: 'user', imageUrl: DEFAULT_AVATAR_URL });
    expect(res.body).not.toMatch(/hash|argon/i);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + t.config.sessionTtlMs - 60_000);
  });

  it('stores the session id hashed, not as sent in the cookie', async () => {
    const user = await insertUser(t.db);
    const cookie = await loginCookie(t.app, user.email);
    const token = cookie.slice('sid='.length);
    const rows = await t.db.select().from(sessions);
    expect(rows.map((r) => r.id)).toEqual([hashToken(token)]);
  });

  it('answers a wrong password and an unknown email with the same plain-text 401', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const wrong = await post('/api/auth/login', { email: 'asha@example.com', password: 'Wrong1234' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong1234' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Invalid email or password');
      expect(sidOf(res)).toBeUndefined();
    }
  });

  it('spends about as long on an unknown email as on a wrong password', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const timeOf = async (email: string) => {
      const started = performance.now();
      await post('/api/auth/login', { email, password: 'Wrong1234' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timeOf('asha@example.com'));
      unknown.push(await timeOf(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // Without the dummy hash an unknown email answers several times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it.each([
    ['a missing email', { password: 'x' }, 'Email is required'],
    ['an empty email', { email: ' ', password: 'x' }, 'Email is required'],
    ['a malformed email', { email: 'asha@', password: 'x' }, 'Please enter a valid email'],
    ['a missing password', { email: 'asha@example.com' }, 'Password is required'],
    ['an empty password', { email: 'asha@example.com', password: '' }, 'Password is required'],
  ])('answers %s with a 400 JSON validation message', async (_what, body, message) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('rotates the session id: logging in again replaces the old session', async () => {
    const user = await insertUser(t.db);
    const first = await loginCookie(t.app, user.email);
    const again = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, first);
    const second = `sid=${sidOf(again)!}`;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: second } })).statusCode).toBe(200);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});

describe('GET /api/auth/check', () => {
  it('replies with the signed-in user', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ url: '/api/auth/check', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: 'user',
      imageUrl: DEFAULT_AVATAR_URL,
      addresses: [],
    });
  });

  it('answers 401 without a cookie, with a made-up cookie and with an over-long one', async () => {
    for (const headers of [{}, { cookie: `sid=${randomBytes(32).toString('base64url')}` }, { cookie: `sid=${'a'.repeat(500)}` }]) {
      const res = await t.app.inject({ url: '/api/auth/check', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in' });
    }
  });

  it('answers 401 once the session is past its absolute expiry', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 once the session has been idle too long', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 1000) });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
  });

  it('keeps an active session alive by moving its last-seen time', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const longAgo = new Date(Date.now() - t.config.sessionIdleMs + 60_000);
    await t.db.update(sessions).set({ lastSeenAt: longAgo });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('the sessions.prune job', () => {
  it('deletes sessions past their absolute or idle expiry and keeps live ones', async () => {
    const live = await signedIn(t.app, t.db);
    const expired = await signedIn(t.app, t.db);
    const idle = await signedIn(t.app, t.db);
    const idOf = (cookie: string) => hashToken(cookie.slice('sid='.length));
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, idOf(expired.cookie)));
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 1000) }).where(eq(sessions.id, idOf(idle.cookie)));
    await t.app.jobs.send(t.db, 'sessions.prune', {});
    t.app.jobs.wake('sessions.prune');
    await vi.waitFor(async () => expect((await t.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual([idOf(live.cookie)]), { timeout: 30_000, interval: 100 });
  });
});

describe('logout', () => {
  it.each(['GET', 'POST'] as const)('%s /api/auth/logout ends the session server-side and clears the cookie', async (method) => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method, url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends only its own session', async () => {
    const user = await insertUser(t.db);
    const phone = await loginCookie(t.app, user.email);
    const laptop = await loginCookie(t.app, user.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: phone } });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie: laptop } })).statusCode).toBe(200);
  });

  it('answers ok when nobody is signed in', async () => {
    const res = await t.app.inject({ url: '/api/auth/logout/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('cross-site requests (Origin check)', () => {
  it('refuses a cookie-carrying write from a foreign Origin with 403 and changes nothing', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses a foreign Referer when Origin is absent', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, referer: 'https://evil.example/page' } });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the shop's own Origin", async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: t.config.publicUrl } });
    expect(res.statusCode).toBe(200);
  });

  // Issue 12: login CSRF. A foreign page that posts a login (JSON or a form) would sign the victim's
  // browser in to the attacker's account, so writes are held to the origin with or without a cookie.
  it('refuses a login from a foreign Origin, JSON or form-encoded, and sets no cookie', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'asha@example.com', password: TEST_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: `email=asha%40example.com&password=${TEST_PASSWORD}`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const res of [json, form]) {
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
      expect(res.cookies).toEqual([]);
    }
  });

  it('refuses a write the browser marks cross-site even without an Origin, and an opaque Origin', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Eve', email: 'eve@example.com', phoneNumber: '+919800000000', password: 'Secret123' }, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'eve@example.com', password: 'Secret123' } })).statusCode).toBe(401);
  });

  it('lets a request from no page at all through (no Origin, Referer or Sec-Fetch-Site: curl, a server)', async () => {
    await insertUser(t.db, { email: 'asha@example.com' });
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'asha@example.com', password: TEST_PASSWORD } });
    expect(plain.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'asha@example.com', password: TEST_PASSWORD },
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('never takes the allowed origin from the Host header', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, host: 'evil.example', origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(200);
  });

  it('ends no session on a cross-site GET /api/auth/logout (a link or a picture on another site)', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/page' }, { origin: 'https://evil.example' }]) {
      const res = await t.app.inject({ url: '/api/auth/logout', headers: { cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(200);
    // From the shop's own page, or typed into the address bar, it signs out (docs/product.md, Account calls).
    const own = await t.app.inject({ url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'same-origin', referer: `${t.config.publicUrl}/` } });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/reset-password (validation and bad tokens)', () => {
  async function tokenFor(userId: number, fields: { expiresAt?: Date; usedAt?: Date } = {}) {
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(passwordResetTokens).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 3_600_000),
      usedAt: fields.usedAt,
    });
    return token;
  }
  const reset = (body: Record<string, unknown>) => post('/api/auth/reset-password', body);

  it.each([
    ['a missing password', { password: undefined }, 'Password is required'],
    ['an empty password', { password: '' }, 'Password is required'],
    ['a short password', { password: 'Ab1' }, PASSWORD_RULES_MESSAGE],
    ['a password without a digit', { password: 'SilkSaree' }, PASSWORD_RULES_MESSAGE],
    ['a password without upper case', { password: 'silk2024x' }, PASSWORD_RULES_MESSAGE],
    ['a password without lower case', { password: 'SILK2024X' }, PASSWORD_RULES_MESSAGE],
    ['a missing token', { token: undefined }, 'Invalid or expired reset link'],
    ['a missing email', { email: undefined }, 'Email is required'],
  ])('answers %s with 400 and its message', async (_what, over, message) => {
    const res = await reset({ email: 'asha@example.com', token: 'abc', password: 'NewSilk2025', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('names the three password rules in its message', () => {
    expect(PASSWORD_RULES_MESSAGE).toMatch(/8 characters/);
    expect(PASSWORD_RULES_MESSAGE).toMatch(/uppercase/);
    expect(PASSWORD_RULES_MESSAGE).toMatch(/lowercase/);
    expect(PASSWORD_RULES_MESSAGE).toMatch(/digit/);
  });

  it('refuses a made-up, an expired, a used and another user’s token and keeps the password', async () => {
    const asha = await insertUser(t.db, { email: 'asha@example.com' });
    const ravi = await insertUser(t.db, { email: 'ravi@example.com' });
    const tokens = [
      randomBytes(32).toString('base64url'),
      await tokenFor(asha.id, { expiresAt: new Date(Date.now() - 1000) }),
      await tokenFor(asha.id, { usedAt: new Date() }),
      await tokenFor(ravi.id),
    ];
    for (const token of tokens) {
      const res = await reset({ email: 'asha@example.com', token, password: 'NewSilk2025' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired reset link' });
    }
    await loginCookie(t.app, 'asha@example.com');
  });

  it('refuses a valid token sent with an unknown email', async () => {
    const asha = await insertUser(t.db, { email: 'asha@example.com' });
    const token = await tokenFor(asha.id);
    const res = await reset({ email: 'nobody@example.com', token, password: 'NewSilk2025' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired reset link' });
  });

  it('accepts one of two simultaneous uses of a token and refuses the other', async () => {
    const asha = await insertUser(t.db, { email: 'asha@example.com' });
    const token = await tokenFor(asha.id);
    const results = await Promise.all([
      reset({ email: 'asha@example.com', token, password: 'FirstSilk2025' }),
      reset({ email: 'asha@example.com', token, password: 'SecondSilk2025' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'FirstSilk2025' : 'SecondSilk2025';
    await loginCookie(t.app, 'asha@example.com', winner);
  });

  it('sets the new password, spends every token of the user and ends all of their sessions', async () => {
    const asha = await insertUser(t.db, { email: 'asha@example.com' });
    const cookie = await loginCookie(t.app, 'asha@example.com');
    const token = await tokenFor(asha.id);
    const spare = await tokenFor(asha.id);
    const res = await reset({ email: 'ASHA@example.com', token, password: 'NewSilk2025' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully' });
    expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'asha@example.com', password: TEST_PASSWORD })).statusCode).toBe(401);
    await loginCookie(t.app, 'asha@example.com', 'NewSilk2025');
    const again = await reset({ email: 'asha@example.com', token: spare, password: 'Other2025x' });
    expect(again.statusCode).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('lists the accounts routes with their request bodies and parameters', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const { paths } = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>> };
    for (const [path, method] of [
      ['/api/auth/signup', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/mail/reset-password-request', 'post'],
      ['/api/users/{id}', 'patch'],
    ] as const) {
      expect(paths[path]?.[method]?.requestBody, `${method} ${path}`).toBeDefined();
    }
    expect(paths['/api/auth/check']?.get).toBeDefined();
    expect(paths['/api/auth/logout']?.get).toBeDefined();
    expect(paths['/api/auth/logout']?.post).toBeDefined();
    expect(paths['/api/users/owner']?.get).toBeDefined();
    expect(paths['/api/users/{id}']?.patch?.parameters?.map((p) => p.name)).toEqual(['id']);
  });
});
