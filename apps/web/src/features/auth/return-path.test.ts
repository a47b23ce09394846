import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath, withReturnPath } from './return-path';

const origin = 'https://shop.test';

describe('the path to return to after signing in', () => {
  it('keeps a path of this shop with its query and hash', () => {
    expect(safeReturnPath('/product-detail/3', origin)).toBe('/product-detail/3');
    expect(safeReturnPath('/?search=silk#collection', origin)).toBe('/?search=silk#collection');
    expect(safeReturnPath('/cart', origin)).toBe('/cart');
    expect(safeReturnPath('/./cart', origin)).toBe('/cart');
  });

  it.each([
    '//evil.example/steal',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/../..//evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' /cart',
    'product-detail/3',
    '',
    null,
    undefined,
  ])('refuses %j, which is not a path of this shop', (raw) => {
    expect(safeReturnPath(raw, origin)).toBeNull();
  });

  it('refuses the sign-in pages themselves and the sign-out page', () => {
    for (const p of ['/login', '/signup', '/logout', '/logout?x=1']) expect(safeReturnPath(p, origin)).toBeNull();
  });

  it('reads and checks ?next= from a query string', () => {
    expect(returnPathOf('?next=%2Fproduct-detail%2F3')).toBe('/product-detail/3');
    expect(returnPathOf('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('?next=%2F.%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('?next=javascript%3Aalert(1)')).toBeNull();
    expect(returnPathOf('')).toBeNull();
  });

  it('carries a return path on a sign-in link, and nothing for the home page', () => {
    expect(withReturnPath('/login', '/product-detail/3')).toBe('/login?next=%2Fproduct-detail%2F3');
    expect(withReturnPath('/signup', '/')).toBe('/signup');
    expect(withReturnPath('/login', null)).toBe('/login');
  });
});
