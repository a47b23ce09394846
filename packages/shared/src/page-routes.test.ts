import { describe, expect, it } from 'vitest';
import { isAppPage } from './page-routes.ts';

describe('isAppPage', () => {
  it('knows every page, with or without a trailing slash, its parameters filled', () => {
    for (const path of ['/', '/login', '/cart/', '/product-detail/12', '/order-success', '/order-success/9', '/admin/product-form/edit/3', '/admin/pages/about', '/admin/promotions', '/faq', '/collections']) {
      expect(isAppPage(path), path).toBe(true);
    }
  });

  it('matches letters whatever their case, except where the router asks for the exact case', () => {
    expect(isAppPage('/Cart')).toBe(true);
    expect(isAppPage('/admin/Orders')).toBe(true);
    expect(isAppPage('/admin/orders')).toBe(true);
    expect(isAppPage('/admin/ORDERS')).toBe(false);
  });

  it('refuses what is not a page: unknown paths, extra or missing segments, the not-found page itself', () => {
    for (const path of ['/no/such/page', '/product-detail', '/product-detail/1/2', '/order-success/1/2', '/admin/pages', '/404', '/%E0%A4%A', '/carts']) {
      expect(isAppPage(path), path).toBe(path === '/admin/pages');
    }
  });
});
