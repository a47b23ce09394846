// @vitest-environment node
// The server draws the first paint in Node, where there is no window, document or storage.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '@shop/shared/brand';
import { aProduct } from './test/commerce-fixtures';
import { renderHomeFirstPaint, renderProductFirstPaint } from './first-paint.server';

describe('the first paint in Node, without a browser', () => {
  it('draws the home page and a product page', () => {
    expect(typeof window).toBe('undefined');
    const product = aProduct({ id: 5, title: 'Paithani Silk Saree' });
    expect(
      renderHomeFirstPaint({ products: [product], totalProducts: 1 }, undefined, DEFAULT_BRAND),
    ).toContain('Paithani Silk Saree');
    const page = renderProductFirstPaint(product, { ...DEFAULT_BRAND, shopName: 'Kamala Silks' });
    expect(page).toContain('Paithani Silk Saree');
    expect(page).toContain('Kamala Silks');
    expect(page).toContain('href="https://wa.me/?text=');
  });
});
