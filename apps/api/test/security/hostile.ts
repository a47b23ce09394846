import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { multipart, type RouteCase, type World } from './route-cases.ts';

/** Strings that have broken other shops: SQL, HTML, path traversal, control and odd Unicode characters. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.png',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '🪔🥻'.repeat(50),
  'साड़ी',
  '\r\nSet-Cookie: sid=evil',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  ' ',
  '',
  'x'.repeat(100_000),
  '9'.repeat(400),
  '-1',
  '0',
  '1e309',
  'NaN',
  'true',
  'null',
];

const NASTY_NUMBERS = [-1, 0, -0.5, 0.5, 1.5, 0.001, 1e-9, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 99_999_999_999];

const NASTY_SHAPES: unknown[] = [null, true, false, {}, [], [null], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}')];

/** Every hand-picked hostile value: each is sent to every route at least once. */
export const NASTY_VALUES: unknown[] = [...NASTY_STRINGS, ...NASTY_NUMBERS, ...NASTY_SHAPES];

/** Any value of the wrong type, size or sign. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(...NASTY_SHAPES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(Array.from({ length: 5000 }, (_, i) => `item ${i}`)),
  fc.constant(Array.from({ length: 2000 }, () => ({ name: 'x'.repeat(300) }))),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** URL-encodes any string; a lone surrogate cannot be encoded and becomes U+FFFD. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** A path segment that is not a good id, including bytes that are not UTF-8 at all. */
const hostileSegment = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length > 0 && s.length < 500).map(encode)),
  fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', '0x10', '%00', '..%2F..%2Fetc', '%E0%A4', '%ED%A0%80', '%', 'null', 'undefined'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encode),
);

const QUERY_KEYS = ['_page', '_per_page', '_sort', '_order', 'search', 'category', 'brand', 'admin', 'q', 'limit', 'inUse', '__proto__', 'constructor'];

/** Bodies no JSON or multipart parser should accept, with the content types that claim them. */
const RAW_BODIES: { type: string | undefined; body: string | Buffer }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"product":' },
  { type: 'application/json', body: '[1,2' },
  { type: 'application/json', body: '{"a":1}garbage' },
  { type: 'application/json', body: '{"__proto__":{"role":"admin"},"email":"a@b.co"}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"role":"admin"}}}' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '\u0000' },
  { type: 'application/json', body: '' },
  { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]) },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&a=2&__proto__[role]=admin' },
  { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="../../x.html"\r\n\r\n<script>alert(1)</script>' },
  { type: 'multipart/form-data', body: 'no boundary at all' },
  { type: 'multipart/form-data; boundary=zz', body: '--zz--\r\n' },
  { type: undefined, body: '{"a":1}' },
  { type: 'application/json', body: `{"x":"${'a'.repeat(1_100_000)}"}` },
];

export interface Hostile {
  label: string;
  req: InjectOptions;
}

type Json = Record<string, unknown> | unknown[];

/** Every path to a value inside a JSON body: ['selectedAddress', 'pinCode'], ['addresses', 0, 'name'], ... */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return value;
  const copy: Json = structuredClone(root as Json);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const jsonReq = (base: InjectOptions, payload: unknown): InjectOptions => ({
  ...base,
  payload: JSON.stringify(payload) ?? 'null',
  headers: { ...(base.headers as Record<string, string>), 'content-type': 'application/json' },
});

/**
 * Hostile variants of a route's well-formed request: a field replaced by a hostile value, removed,
 * or joined by an extra one; the whole body replaced; a path id or a query key made hostile; a body
 * that is not JSON or not multipart, or claims the wrong type; hostile header values.
 */
/** `%61` for `a`: an escape the router decodes before matching. */
const escapeOf = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;

/** Other spellings of the same path, each of which the router serves as the path itself. */
export function pathSpellings(url: string): string[] {
  const [path, query = ''] = url.split(/(?=\?)/);
  const segments = path!.split('/').slice(1);
  if (segments[0] === '') return [];
  const last = segments.length - 1;
  const encodeFirst = (i: number) => segments.map((s, j) => (j === i ? escapeOf(s[0]!) + s.slice(1) : s));
  return [
    `/${encodeFirst(0).join('/')}`,
    `/${encodeFirst(last).join('/')}`,
    `//${segments.join('/')}`,
    `/./${segments.join('/')}`,
    `/${segments[0]}/x/../${segments.slice(1).join('/')}`,
  ].map((p) => p + query);
}

/** Spellings that are not the path: another case, escaped slashes and dots, broken escapes. */
function strangeSpellings(path: string): string[] {
  return [path.toUpperCase(), path.replaceAll('/', '%2F'), path.replace(/\/([^/]*)$/, '/%2e%2e/$1'), `${path}%`, `${path}%zz`, `/%E0%A4${path}`, `${path}%00`];
}

export function hostileRequests(c: RouteCase, base: InjectOptions, w: World): { arbitrary: fc.Arbitrary<Hostile>; examples: Hostile[] } {
  const examples: Hostile[] = [];
  const method = String(base.method);
  const url = String(base.url);
  const variants: fc.Arbitrary<Hostile>[] = [];
  const [path, query = ''] = url.split('?') as [string, string?];

  const withQuery = (k: string, v: unknown): Hostile => {
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    return { label: `query ${k}`, req: { ...base, url: `${path}?${query ? `${query}&` : ''}${encode(k)}=${encode(text)}` } };
  };
  variants.push(fc.tuple(fc.constantFrom(...QUERY_KEYS), hostileValue).map(([k, v]) => withQuery(k, v)));
  if (method === 'GET') NASTY_VALUES.forEach((v, i) => examples.push(withQuery(QUERY_KEYS[i % QUERY_KEYS.length]!, v)));

  // The path spelled otherwise: the same route, or no route, never a way around a check.
  for (const spelled of [...pathSpellings(path), ...strangeSpellings(path)])
    examples.push({ label: `path spelled ${spelled.slice(0, 40)}`, req: { ...base, url: query ? `${spelled}?${query}` : spelled } });

  const params = c.route.split(' ')[1]!.split('/');
  const paramAt = params.findIndex((s) => s.startsWith(':'));
  if (paramAt >= 0) {
    const withSegment = (seg: string): Hostile => {
      const parts = path.split('/');
      parts[paramAt] = seg;
      return { label: `path ${params[paramAt]} = ${seg.slice(0, 30)}`, req: { ...base, url: parts.join('/') } };
    };
    variants.push(hostileSegment.map(withSegment));
    for (const v of NASTY_STRINGS) if (v.length > 0 && v.length < 500) examples.push(withSegment(encode(v)));
  }

  if (method !== 'GET') {
    const payload = base.payload;
    if (payload !== undefined && !Buffer.isBuffer(payload) && typeof payload === 'object') {
      const all = paths(payload);
      const withValue = (p: (string | number)[], v: unknown): Hostile => ({ label: `body ${p.join('.') || '(whole)'} = ${String(JSON.stringify(v)).slice(0, 30)}`, req: jsonReq(base, setAt(payload, p, v, false)) });
      // Every hand-picked value once, each at the next field in turn (the innermost ones first).
      const leaves = all.filter((p) => p.length > 0).reverse();
      NASTY_VALUES.forEach((v, i) => examples.push(withValue(leaves[i % leaves.length] ?? [], v)));
      for (const p of leaves) examples.push({ label: `body without ${p.join('.')}`, req: jsonReq(base, setAt(payload, p, undefined, true)) });
      variants.push(
        fc.tuple(fc.constantFrom(...all), hostileValue).map(([p, v]) => withValue(p, v)),
        fc.constantFrom(...all.filter((p) => p.length > 0)).map((p) => ({ label: `body without ${p.join('.')}`, req: jsonReq(base, setAt(payload, p, undefined, true)) })),
        fc
          .tuple(fc.constantFrom('role', 'id', 'userId', 'user', 'status', 'totalAmount', 'price', 'discountedPrice', 'rating', 'deleted', 'email', 'password'), hostileValue)
          .map(([k, v]) => ({ label: `body plus ${k}`, req: jsonReq(base, { ...(payload as object), [k]: v }) })),
      );
    }
    variants.push(hostileValue.map((v) => ({ label: 'whole body hostile', req: jsonReq(base, v) })));
    const raw = (r: (typeof RAW_BODIES)[number]): Hostile => ({
      label: `raw ${r.type ?? 'no type'} body ${String(r.body).slice(0, 30)}`,
      req: { ...base, payload: r.body, headers: { ...(base.headers as Record<string, string>), ...(r.type ? { 'content-type': r.type } : {}) } },
    });
    variants.push(fc.constantFrom(...RAW_BODIES).map(raw));
    examples.push(...RAW_BODIES.map(raw));
    if (Buffer.isBuffer(base.payload)) {
      // The upload: hostile file names and types, and a cut multipart stream.
      variants.push(
        fc.tuple(fc.constantFrom(...NASTY_STRINGS.filter((s) => !/[\r\n"]/.test(s) && !s.includes('\u0000') && s.length < 1000)), fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/x-msdownload', '')).map(([name, type]) => {
          const form = multipart(w.png, name, type || 'application/octet-stream');
          return { label: `upload named ${name.slice(0, 20)}`, req: { ...base, payload: form.payload, headers: { ...(base.headers as Record<string, string>), ...form.headers } } };
        }),
        fc.integer({ min: 1, max: (base.payload as Buffer).length - 1 }).map((n) => ({ label: `multipart cut at ${n}`, req: { ...base, payload: (base.payload as Buffer).subarray(0, n) } })),
      );
    }
    variants.push(
      fc.tuple(fc.constantFrom('idempotency-key', 'x-razorpay-signature', 'x-razorpay-event-id', 'content-length'), fc.oneof(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), fc.constant('k'.repeat(5000)))).map(([h, v]) => ({
        label: `header ${h}`,
        req: { ...base, headers: { ...(base.headers as Record<string, string>), [h]: v.replace(/[^\x20-\x7e]/g, '') } },
      })),
    );
  }
  return { arbitrary: fc.oneof(...variants), examples };
}
