import { vi } from 'vitest';

/** One request the code under test sent, as the fake server saw it. */
export interface FakeCall {
  method: string;
  /** Path after /api, with the query string. */
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Route = FakeReply | ((call: FakeCall) => FakeReply);

/**
 * Replaces `fetch` (the network boundary) with a tiny in-memory server. Routes are keyed
 * `"METHOD /path"` (query ignored) or `"METHOD /path?query"` (exact); unknown routes answer 404.
 * Call `vi.unstubAllGlobals()` after each test.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const path = url.pathname.replace(/^\/api/, '');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url: path + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`] ?? routes[`${call.method} ${path}`];
    const reply =
      route === undefined
        ? { status: 404, body: { message: 'Not found' } }
        : typeof route === 'function'
          ? route(call)
          : route;
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
