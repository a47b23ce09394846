/** The API lives under /api on the same origin (docs/decisions/001); the session cookie rides along. */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The kind of refusal a client acts on, e.g. `promo_code` (docs/product.md, Promotions). */
    public readonly code?: string,
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string')
      return new ApiError(res.status, body.message, typeof body.code === 'string' ? body.code : undefined);
  } catch {
    // A failed login answers plain text (docs/product.md, Account calls).
  }
  return new ApiError(res.status, text || res.statusText || 'Something went wrong');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How long a prefetched reply may wait for the page that asked for it before it counts as stale. */
const PREFETCH_FRESH_MS = 10_000;
const prefetched = new Map<string, { at: number; reply: Promise<Response> }>();
/** The app's own plain GETs still waiting for their reply: a prefetch arriving after one asks nothing. */
const asking = new Map<string, Promise<Response>>();

/**
 * Starts a GET while the code that needs it is still loading (the first page's data, in parallel with
 * the session check and the page's chunk); the first `api()` GET of the same path soon after takes it.
 */
export function prefetch<T>(path: string, onData?: (data: T) => void): void {
  if (prefetched.has(path) || asking.has(path)) return;
  const reply = fetch(`${API_BASE}${path}`, { credentials: 'include' });
  prefetched.set(path, { at: Date.now(), reply });
  reply
    .then(async (res) => {
      if (res.ok && onData) onData((await res.clone().json()) as T);
    })
    .catch(() => undefined); // a failure surfaces to whoever takes the reply, or nowhere
}

function takePrefetched(path: string): Promise<Response> | undefined {
  const early = prefetched.get(path);
  if (!early) return undefined;
  prefetched.delete(path);
  return Date.now() - early.at <= PREFETCH_FRESH_MS ? early.reply : undefined;
}

/** Calls the API and returns the parsed JSON reply; rejects with an ApiError carrying the server's message. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const plainGet = (opts.method ?? 'GET') === 'GET' && !opts.headers;
  const early = plainGet ? takePrefetched(path) : undefined;
  const reply = early ?? send(path, opts);
  if (plainGet && !early) markAsking(path, reply);
  const res = await reply;
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

function send(path: string, opts: RequestOptions): Promise<Response> {
  const isForm = opts.body instanceof FormData;
  return fetch(`${API_BASE}${path}`, {
    method: opts.method ?? 'GET',
    credentials: 'include',
    headers: {
      ...(opts.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    signal: opts.signal,
  });
}

function markAsking(path: string, reply: Promise<Response>): void {
  asking.set(path, reply);
  const done = () => {
    if (asking.get(path) === reply) asking.delete(path);
  };
  reply.then(done, done);
}

/** Builds a query string where arrays repeat their key, as the product list expects. */
export function toQuery(params: Record<string, string | number | boolean | readonly (string | number)[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v));
    else q.append(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
