import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { baseApi } from './base-api';
import { errorText } from './error-text';
import { makeStore } from './store';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    send: build.mutation<unknown, { path: string; body: unknown }>({
      query: ({ path, body }) => ({ path, method: 'POST', body, headers: { 'Idempotency-Key': 'k-1' } }),
    }),
  }),
});

afterEach(() => vi.unstubAllGlobals());

describe('the base API', () => {
  it('asks /api with the session cookie and JSON bodies, and keeps the reply', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit = {}) =>
      Response.json({ got: JSON.parse(String(init.body)) }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    const reply = await store.dispatch(probeApi.endpoints.send.initiate({ path: '/things', body: { a: 1 } }));
    expect(reply.data).toEqual({ got: { a: 1 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
    });
  });

  it("fails with the server's own words: a JSON message, or a plain-text reply", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/text')
          ? new Response('Invalid email or password', { status: 401 })
          : Response.json({ message: 'Product already in cart' }, { status: 409 }),
      ),
    );
    const store = makeStore();
    const plain = await store.dispatch(probeApi.endpoints.probe.initiate('/text'));
    const json = await store.dispatch(probeApi.endpoints.probe.initiate('/json'));
    expect(plain.error).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(json.error).toEqual({ status: 409, message: 'Product already in cart' });
  });

  it('keeps the kind of refusal the server names beside its words', async () => {
    fakeApi({
      'GET /orders': { status: 409, body: { message: 'This code has been used up', code: 'promo_code' } },
    });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/orders'));
    expect(result.error).toStrictEqual({
      status: 409,
      message: 'This code has been used up',
      code: 'promo_code',
    });
  });

  it('fails with status 0 and the browser’s words when no reply comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/anything'));
    expect(result.error).toEqual({ status: 0, message: 'Failed to fetch' });
  });

  it('asks once for a read several components want at the same time', async () => {
    const { calls } = fakeApi({ 'GET /shared': { body: [1] } });
    const store = makeStore();
    await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('/shared')),
      store.dispatch(probeApi.endpoints.probe.initiate('/shared')),
    ]);
    expect(calls).toHaveLength(1);
  });
});

describe('the words of a failure', () => {
  it('reads a failed call’s message, a thrown message, a thrown string, and falls back to a generic line', () => {
    expect(errorText({ status: 409, message: 'Brand already exists' })).toBe('Brand already exists');
    expect(errorText(new Error('Network down'))).toBe('Network down');
    expect(errorText('Out of stock')).toBe('Out of stock');
    expect(errorText({ code: 1 })).toBe('Something went wrong');
  });
});
