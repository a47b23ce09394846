import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shop/shared/user';
import { makeStore } from '../../app/store';
import {
  authErrorReset,
  checkAuth,
  login,
  logout,
  mailSentReset,
  passwordResetStatusReset,
  requestPasswordReset,
  resetPassword,
  selectAuthError,
  selectAuthStatus,
  selectLoggedInUser,
  selectMailSent,
  selectPasswordResetStatus,
  selectSignupDone,
  selectUserChecked,
  signup,
  signupDoneReset,
} from './auth-slice';

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

describe('auth slice', () => {
  it('starts signed out, unchecked and with every flag down', () => {
    const s = makeStore().getState();
    expect(selectLoggedInUser(s)).toBeNull();
    expect(selectUserChecked(s)).toBe(false);
    expect(selectMailSent(s)).toBe(false);
    expect(selectPasswordResetStatus(s)).toBe(false);
    expect(selectSignupDone(s)).toBe(false);
    expect(selectAuthStatus(s)).toBe('idle');
  });

  it('keeps the user from a successful auth check and marks the user checked', async () => {
    const seen = stubFetch(() => json(meera));
    const store = makeStore();
    await store.dispatch(checkAuth());
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/auth/check/', credentials: 'include' });
    expect(selectLoggedInUser(store.getState())).toEqual(meera);
    expect(selectUserChecked(store.getState())).toBe(true);
  });

  it('marks the user checked even when the auth check fails', async () => {
    stubFetch(() => json({ message: 'Not signed in' }, 401));
    const store = makeStore();
    await store.dispatch(checkAuth());
    expect(selectLoggedInUser(store.getState())).toBeNull();
    expect(selectUserChecked(store.getState())).toBe(true);
  });

  it('keeps the logged-in user after a successful login, loading while it runs', async () => {
    const seen = stubFetch(() => json(meera));
    const store = makeStore();
    const pending = store.dispatch(login({ email: 'meera@example.com', password: 'Secret123' }));
    expect(selectAuthStatus(store.getState())).toBe('loading');
    await pending;
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: 'meera@example.com', password: 'Secret123' },
    });
    expect(selectLoggedInUser(store.getState())).toEqual(meera);
    expect(selectAuthStatus(store.getState())).toBe('idle');
  });

  it('stores the server’s plain-text message when login fails, and resets it', async () => {
    stubFetch(() => text('Invalid email or password', 401));
    const store = makeStore();
    await store.dispatch(login({ email: 'meera@example.com', password: 'wrong' }));
    expect(selectLoggedInUser(store.getState())).toBeNull();
    expect(selectAuthError(store.getState())).toBe('Invalid email or password');
    expect(selectAuthStatus(store.getState())).toBe('idle');
    store.dispatch(authErrorReset());
    expect(selectAuthError(store.getState())).toBeNull();
  });

  it('clears the logged-in user on logout', async () => {
    const seen = stubFetch((req) =>
      req.url.startsWith('/api/auth/logout') ? json({ ok: true }) : json(meera),
    );
    const store = makeStore();
    await store.dispatch(login({ email: 'meera@example.com', password: 'Secret123' }));
    await store.dispatch(logout());
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/api/auth/logout/' });
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });

  it('clears the logged-in user on logout even when the server cannot be reached', async () => {
    let online = true;
    stubFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(meera);
    });
    const store = makeStore();
    await store.dispatch(checkAuth());
    online = false;
    await store.dispatch(logout());
    expect(selectLoggedInUser(store.getState())).toBeNull();
  });

  it('sets signupDone after a signup sent with no addresses and the user role, and resets it', async () => {
    const seen = stubFetch(() => json(meera, 201));
    const store = makeStore();
    await store.dispatch(
      signup({
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
    expect(selectSignupDone(store.getState())).toBe(true);
    // docs/product.md, State: signing up does not sign in.
    expect(selectLoggedInUser(store.getState())).toBeNull();
    store.dispatch(signupDoneReset());
    expect(selectSignupDone(store.getState())).toBe(false);
  });

  it('stores the server message when signup fails and leaves signupDone down', async () => {
    stubFetch(() => json({ message: 'Email already exists' }, 409));
    const store = makeStore();
    await store.dispatch(
      signup({
        name: 'Meera Iyer',
        email: 'meera@example.com',
        phoneNumber: '+919876543210',
        password: 'Secret123',
      }),
    );
    expect(selectSignupDone(store.getState())).toBe(false);
    expect(selectAuthError(store.getState())).toBe('Email already exists');
  });

  it('sets mailSent after a reset-mail request, and resets it', async () => {
    const seen = stubFetch(() => json({ message: 'Email sent successfully' }));
    const store = makeStore();
    await store.dispatch(requestPasswordReset({ email: 'meera@example.com' }));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/mail/reset-password-request/',
      body: { email: 'meera@example.com' },
    });
    expect(selectMailSent(store.getState())).toBe(true);
    store.dispatch(mailSentReset());
    expect(selectMailSent(store.getState())).toBe(false);
  });

  it('stores the server message when the reset-mail request fails', async () => {
    stubFetch(() => json({ message: 'Too many requests, try again later' }, 429));
    const store = makeStore();
    await store.dispatch(requestPasswordReset({ email: 'meera@example.com' }));
    expect(selectMailSent(store.getState())).toBe(false);
    expect(selectAuthError(store.getState())).toBe('Too many requests, try again later');
  });

  it('sets passwordResetStatus after a password reset with email, token and the new password, and resets it', async () => {
    const seen = stubFetch(() => json({ message: 'Password reset successfully' }));
    const store = makeStore();
    await store.dispatch(
      resetPassword({ email: 'meera@example.com', token: 'tok123', password: 'NewSecret1' }),
    );
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { email: 'meera@example.com', token: 'tok123', password: 'NewSecret1' },
    });
    expect(selectPasswordResetStatus(store.getState())).toBe(true);
    store.dispatch(passwordResetStatusReset());
    expect(selectPasswordResetStatus(store.getState())).toBe(false);
  });

  it('stores the server message when a password reset is refused', async () => {
    stubFetch(() => json({ message: 'Invalid or expired reset link' }, 400));
    const store = makeStore();
    await store.dispatch(
      resetPassword({ email: 'meera@example.com', token: 'used', password: 'NewSecret1' }),
    );
    expect(selectPasswordResetStatus(store.getState())).toBe(false);
    expect(selectAuthError(store.getState())).toBe('Invalid or expired reset link');
    expect(selectAuthStatus(store.getState())).toBe('idle');
  });
});
