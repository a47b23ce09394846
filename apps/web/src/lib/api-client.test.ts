import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, prefetch } from './api-client';

/** Stubs fetch (the network boundary): every call answers with a new JSON body counting the calls. */
function stubFetch() {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET' });
      return new Response(JSON.stringify({ call: calls.length }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prefetch', () => {
  it('lets the first GET of the same path take the reply instead of asking again', async () => {
    const calls = stubFetch();
    prefetch('/products?_page=1');
    expect(await api('/products?_page=1')).toEqual({ call: 1 });
    expect(calls).toEqual([{ url: '/api/products?_page=1', method: 'GET' }]);
    // Taken once: the next read asks the server.
    expect(await api('/products?_page=1')).toEqual({ call: 2 });
  });

  it('hands the data to its warm-up as soon as it arrives, and still to the page', async () => {
    stubFetch();
    const warmed = new Promise((resolve) => prefetch('/products?_page=2', resolve));
    expect(await warmed).toEqual({ call: 1 });
    expect(await api('/products?_page=2')).toEqual({ call: 1 });
  });

  it('is not used for another path, nor for a write to the same path', async () => {
    const calls = stubFetch();
    prefetch('/cart');
    expect(await api('/cart/', {})).toEqual({ call: 2 });
    expect(await api('/cart', { method: 'POST', body: { id: 1 } })).toEqual({ call: 3 });
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('is dropped when the page asks for it too late to trust it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubFetch();
    prefetch('/products?_page=3');
    vi.setSystemTime(Date.now() + 11_000);
    expect(await api('/products?_page=3')).toEqual({ call: 2 });
  });

  it('asks nothing when the app is already asking for the same path (the app ran first)', async () => {
    const calls = stubFetch();
    const asked = api('/auth/check/');
    prefetch('/auth/check/');
    expect(await asked).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
  });
});
