import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, type Address } from '@shop/shared';
import { createTestApp, loginCookie, signedIn, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { users } from '../modules/users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const home: Address = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9820012345',
  street: '4 Carter Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};

const patch = (id: number | string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: payload as object, headers: cookie ? { cookie } : {} });

const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /api/users/owner', () => {
  it("replies with the signed-in user's public fields", async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ url: '/api/users/owner', headers: { cookie } });
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

  it('answers 401 when nobody is signed in', async () => {
    const res = await t.app.inject({ url: '/api/users/owner' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in' });
  });

  it('shows the stored avatar when the user has one', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    await t.db.update(users).set({ imageUrl: '/uploads/me.webp' }).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/users/owner', headers: { cookie } });
    expect(res.json().imageUrl).toBe('/uploads/me.webp');
  });
});

describe('PATCH /api/users/:id', () => {
  it('saves name, phone and addresses and replies with the user', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await patch(user.id, { name: 'Asha Rao-Menon', phoneNumber: '+919900011122', addresses: [home] }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Asha Rao-Menon',
      email: user.email,
      phoneNumber: '+919900011122',
      role: 'user',
      imageUrl: DEFAULT_AVATAR_URL,
      addresses: [home],
    });
    expect(res.body).not.toMatch(/hash|argon|token/i);
    expect((await rowOf(user.id)).addresses).toEqual([home]);
  });

  it("keeps a business address's GSTIN and business name, upper-cased, and leaves an empty GSTIN out", async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const office = { ...home, street: '4 Nariman Point', gstin: '27aapfu0939f1zv', businessName: 'Rao Textiles LLP' };
    const res = await patch(user.id, { addresses: [{ ...home, gstin: '', businessName: '' }, office] }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const saved = [home, { ...office, gstin: '27AAPFU0939F1ZV' }];
    expect(res.json<{ addresses: Address[] }>().addresses).toEqual(saved);
    expect((await rowOf(user.id)).addresses).toEqual(saved);
  });

  it('accepts the full user the web app sends and applies only name, phone and addresses', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const before = await rowOf(user.id);
    const res = await patch(
      user.id,
      {
        id: 999,
        name: 'Asha',
        email: 'thief@example.com',
        role: 'admin',
        password: 'Hijack2025',
        passwordHash: 'x',
        imageUrl: 'https://evil.example/a.png',
        addresses: [{ ...home, extra: 'dropped' }],
        phoneNumber: user.phoneNumber,
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Asha', email: user.email, role: 'user', imageUrl: DEFAULT_AVATAR_URL, addresses: [home] });
    const after = await rowOf(user.id);
    expect(after).toMatchObject({ email: before.email, role: 'user', passwordHash: before.passwordHash, imageUrl: null, addresses: [home] });
    await loginCookie(t.app, user.email, TEST_PASSWORD);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const { cookie } = await signedIn(t.app, t.db);
    const { user: other } = await signedIn(t.app, t.db);
    const before = await rowOf(other.id);
    const res = await patch(other.id, { name: 'Changed', addresses: [home] }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not allowed to do that' });
    expect(await rowOf(other.id)).toEqual(before);
  });

  it("refuses an admin editing another user's profile too", async () => {
    const { cookie } = await signedIn(t.app, t.db, 'admin');
    const { user: other } = await signedIn(t.app, t.db);
    const res = await patch(other.id, { name: 'Changed' }, cookie);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(other.id)).name).toBe(other.name);
  });

  it('answers 401 when nobody is signed in', async () => {
    const { user } = await signedIn(t.app, t.db);
    const res = await patch(user.id, { name: 'Changed' });
    expect(res.statusCode).toBe(401);
    expect((await rowOf(user.id)).name).toBe(user.name);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const { cookie } = await signedIn(t.app, t.db);
    const res = await patch(id, { name: 'Changed' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid user id' });
  });

  it.each([
    ['an empty name', { name: ' ' }, 'Name is required'],
    ['a name with digits', { name: 'R2D2' }, 'Invalid name'],
    ['a malformed phone', { phoneNumber: '0981234' }, 'Invalid phone'],
    ['an address without a city', { addresses: [{ ...home, city: '' }] }, 'City is required'],
    ['an address without a PIN code', { addresses: [{ ...home, pinCode: undefined }] }, 'PIN Code is required'],
  ])('answers %s with 400 and its message, changing nothing', async (_what, body, message) => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const before = await rowOf(user.id);
    const res = await patch(user.id, body, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('answers 400 for more than 20 addresses', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await patch(user.id, { addresses: Array.from({ length: 21 }, () => home) }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'At most 20 addresses' });
  });
});
