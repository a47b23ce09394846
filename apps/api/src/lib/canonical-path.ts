import type { FastifyRequest } from 'fastify';

const UNRESERVED_ESCAPE = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * The URL with its path in the one spelling the router matches and every hook checks: escapes of
 * letters, digits and `-._~` decoded (RFC 3986 §6.2.2.2: `/%61pi` is `/api`), repeated slashes
 * folded and dot segments removed (§5.2.4). The router decodes such escapes itself, so a hook
 * that read the raw path would check another path than the one served. The query is untouched.
 */
export function canonicalUrl(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/') || !/%|\/\/|\/\./.test(path)) return url;
  const decoded = path.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  const out: string[] = [];
  const segments = decoded.split('/').filter((s, i) => i === 0 || s !== '');
  for (const segment of segments.slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  const last = segments.at(-1);
  const trailing = decoded.length > 1 && (decoded.endsWith('/') || last === '.' || last === '..') && out.length > 0;
  const canonical = `/${out.join('/')}${trailing ? '/' : ''}`;
  return end === -1 ? canonical : canonical + url.slice(end);
}

/** Whether the request is for the API: decided on the canonical path, and on the route it reached. */
export function isApiRequest(req: FastifyRequest): boolean {
  return req.url.startsWith('/api/') || req.routeOptions.url?.startsWith('/api/') === true;
}
