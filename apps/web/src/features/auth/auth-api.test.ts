import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shop/shared/user';
import { baseApi } from '../../lib/base-api';
import { makeStore } from '../../lib/store';
import { authApi } from './auth-api';
import { selectLoggedInUser, selectUserChecked } from './auth-slice';

const { checkAuth, login, logout, requestPasswordReset, resetPassword, signup } = authApi.endpoints;

const meera: User = {
  id: 7,
  name: 'Meera Iyer',
  email: 'meera@example.com',
  phoneNumber: '+919876543210',
  role: 'user',
  imageUrl: '/avatar.svg',
  addresses: [],
};

interface Seen {
  method: string;
  url: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** Stubs fetch (the network boundary) with one reply per test. */
function stubFetch(reply: (req: Seen) => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const req = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
      };
      seen.push(req);
      return reply(req);
    }),
  );
  return seen;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session', () => {
  it('starts signed out and unchecked', () => {
    const s = makeStore().getState();
    expect(selectLoggedInUser(s)).toBeNull();
    expect(selectUserChecked(s)).toBe(false);
  });

  it('keeps the user from a successful session check and marks the user checked', async () => {
    const seen = stubFetch(() => json(meera));
    const store = makeStore();
    await store.dispatch(checkAuth.initiate());
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/auth/check/', credentials: 'include' });
    expect(selectLoggedInUser(store.getState())).toEqual(meera);
    expect(selectUserChecked(store.getState())).toBe(true);
  });

  it('marks the user checked even when the session check fails', async () => {
    stubFetch(() => json({ message: 'Not signed in' }, 401));
    const store = makeStore();
    await store.dispatch(checkAuth.initiate());
    expect(selectLoggedInUser(store.getState())).toBeNull();
    expect(selectUserChecked(store.getState())).toBe(true);
  });

  it('keeps the signed-in user after a successful login, loading while it runs', async () => {
    const seen = stubFetch(() => json(meera));
    const store = makeStore();
    const pending = store.dispatch(login.initiate({ email: 'meera@example.com', password: 'Secret123' }));
    expect(login.select(pending.requestId)(store.getState()).isLoading).toBe(true);
    await pending;
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: 'meera@example.com', password: 'Secret123' },
    });
    expect(selectLoggedInUser(store.getState())).toEqual(meera);
  });

  it('fails a login with the server’s plain-text message and stays signed out', async () => {
    stubFetch(() => text('Invalid email or password', 401));
    const store = makeStore();
    const result = await store.dispatch(login.initiate({ email: 'meera@example.com', password: 'wrong' }));
    expect(result.error).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });

  it('clears the signed-in user on logout', async () => {
    const seen = stubFetch((req) =>
      req.url.startsWith('/api/auth/logout') ? json({ ok: true }) : json(meera),
    );
    const store = makeStore();
    await store.dispatch(login.initiate({ email: 'meera@example.com', password: 'Secret123' }));
    await store.dispatch(logout.initiate());
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/api/auth/logout/' });
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });

  it('drops what the cache holds of the person on logout, and keeps the rest', async () => {
    stubFetch((req) => (req.url.startsWith('/api/auth/logout') ? json({ ok: true }) : json([req.url])));
    const probe = baseApi.injectEndpoints({
      endpoints: (build) => ({
        cart: build.query<string[], void>({ query: () => '/cart', providesTags: ['Cart'] }),
        catalogue: build.query<string[], void>({ query: () => '/products', providesTags: ['Product'] }),
      }),
    });
    const store = makeStore();
    for (const read of [probe.endpoints.cart.initiate(), probe.endpoints.catalogue.initiate()]) {
      const request = store.dispatch(read);
      await request;
      request.unsubscribe();
    }
    await store.dispatch(logout.initiate());
    await vi.waitFor(() => expect(probe.endpoints.cart.select()(store.getState()).data).toBeUndefined());
    expect(probe.endpoints.catalogue.select()(store.getState()).data).toEqual(['/api/products']);
  });

  it('clears the signed-in user on logout even when the server cannot be reached', async () => {
    let online = true;
    stubFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(meera);
    });
    const store = makeStore();
    await store.dispatch(checkAuth.initiate());
    online = false;
    await store.dispatch(logout.initiate());
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });
});

describe('the account calls', () => {
  it('sign up with no addresses and the user role, and do not sign in', async () => {
    const seen = stubFetch(() => json(meera, 201));
    const store = makeStore();
    const result = await store.dispatch(
      signup.initiate({
        name: 'Meera Iyer',
        email: 'meera@example.com',
        phoneNumber: '+919876543210',
        password: 'Secret123',
      }),
    );
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/signup/',
      body: {
        name: 'Meera Iyer',
        email: 'meera@example.com',
        phoneNumber: '+919876543210',
        password: 'Secret123',
        addresses: [],
        role: 'user',
      },
    });
    expect(result.data).toEqual(meera);
    // docs/product.md, State: signing up does not sign in.
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });

  it('fail a signup with the server message', async () => {
    stubFetch(() => json({ message: 'Email already exists' }, 409));
    const result = await makeStore().dispatch(
      signup.initiate({
        name: 'Meera Iyer',
        email: 'meera@example.com',
        phoneNumber: '+919876543210',
        password: 'Secret123',
      }),
    );
    expect(result.error).toMatchObject({ message: 'Email already exists' });
  });

  it('ask for a reset mail, and fail with the server message when refused', async () => {
    const seen = stubFetch((req) =>
      req.body && (req.body as { email: string }).email === 'busy@example.com'
        ? json({ message: 'Too many requests, try again later' }, 429)
        : json({ message: 'Email sent successfully' }),
    );
    const store = makeStore();
    const sent = await store.dispatch(requestPasswordReset.initiate({ email: 'meera@example.com' }));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/mail/reset-password-request/',
      body: { email: 'meera@example.com' },
    });
    expect(sent.data).toEqual({ message: 'Email sent successfully' });
    const refused = await store.dispatch(requestPasswordReset.initiate({ email: 'busy@example.com' }));
    expect(refused.error).toMatchObject({ message: 'Too many requests, try again later' });
  });

  it('reset a password with email, token and the new password, and fail with the server message', async () => {
    const seen = stubFetch((req) =>
      (req.body as { token: string }).token === 'used'
        ? json({ message: 'Invalid or expired reset link' }, 400)
        : json({ message: 'Password reset successfully' }),
    );
    const store = makeStore();
    const done = await store.dispatch(
      resetPassword.initiate({ email: 'meera@example.com', token: 'tok123', password: 'NewSecret1' }),
    );
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { email: 'meera@example.com', token: 'tok123', password: 'NewSecret1' },
    });
    expect(done.data).toEqual({ message: 'Password reset successfully' });
    const refused = await store.dispatch(
      resetPassword.initiate({ email: 'meera@example.com', token: 'used', password: 'NewSecret1' }),
    );
    expect(refused.error).toMatchObject({ message: 'Invalid or expired reset link' });
  });
});
