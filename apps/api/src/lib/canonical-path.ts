import type { FastifyRequest } from 'fastify';

const UNRESERVED_ESCAPE = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

// Every hook must check the path the router serves, which decodes `/%61pi` to `/api` (docs/security.md).
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

export function isApiRequest(req: FastifyRequest): boolean {
  return req.url.startsWith('/api/') || req.routeOptions.url?.startsWith('/api/') === true;
}
