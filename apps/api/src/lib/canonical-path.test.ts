import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-path.ts';

describe('canonicalUrl', () => {
  it.each([
    ['/%61pi/auth/login', '/api/auth/login'],
    ['/%41PI/auth/login', '/API/auth/login'],
    ['/api/%61uth/login?next=%2Fx', '/api/auth/login?next=%2Fx'],
    ['//api/auth/login', '/api/auth/login'],
    ['/./api/auth/login', '/api/auth/login'],
    ['/%2e/api/auth/login', '/api/auth/login'],
    ['/api/x/../auth/login', '/api/auth/login'],
    ['/api/x/%2E%2E/auth/login', '/api/auth/login'],
    ['/../../api/auth/login', '/api/auth/login'],
    ['/api/cart/', '/api/cart/'],
    ['/api/cart/.', '/api/cart/'],
    ['/', '/'],
    ['//', '/'],
  ])('reads %s as %s', (raw, canonical) => {
    expect(canonicalUrl(raw)).toBe(canonical);
  });

  it('leaves escapes of reserved and non-ASCII characters, and the query, as they are', () => {
    expect(canonicalUrl('/api%2Fauth/login')).toBe('/api%2Fauth/login');
    expect(canonicalUrl('/search/%E0%A4%B8%2561')).toBe('/search/%E0%A4%B8%2561');
    expect(canonicalUrl('/api/products?search=%61//./..')).toBe('/api/products?search=%61//./..');
  });

  it('leaves a URL that is already canonical, or not a path, untouched', () => {
    for (const url of ['/api/products/12', '/product-detail/5?x=1', '*', 'http://evil.example/api']) expect(canonicalUrl(url)).toBe(url);
  });
});
