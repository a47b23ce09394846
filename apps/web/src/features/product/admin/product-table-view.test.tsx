import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductTableRow } from '@shop/shared/product';
import { aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { ProductTableView } from './product-table-view';

const variant = (id: number, color: string, size: string, stock: number, sku: string | null = null) => ({
  id,
  sku,
  color,
  size,
  stock,
  price: null,
  discountedPrice: 4000,
});

const row: ProductTableRow = {
  id: 1,
  title: 'Paithani',
  brand: 'Yeola Silk',
  category: 'sarees',
  thumbnail: '/uploads/t.webp',
  price: 5000,
  discountPercentage: 20,
  discountedPrice: 4000,
  stock: 13,
  deleted: false,
  variants: [
    variant(1, '#7a1f2b', 'S', 0, 'PAI-MAR-S'),
    variant(2, '#7a1f2b', 'M', 3),
    variant(3, '#0f6e6e', 'S', 10),
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the product table’s stock per variant', () => {
  it('expands a row to each variant’s colour, size, SKU, stock and price, low and sold-out stock marked', async () => {
    fakeApi({
      'GET /products/admin': {
        body: {
          products: [row, { ...row, id: 2, title: 'Kota Doria', variants: [] }],
          totalProducts: 2,
          lowStockThreshold: 5,
        },
      },
    });
    renderPage(<ProductTableView />, {
      path: '/admin',
      url: '/admin?view=table',
      state: signedInAs(aUser({ role: 'admin' })),
    });
    const toggle = await screen.findByRole('button', {
      name: 'Stock per variant of Paithani: 3 variants, 1 out of stock, 1 low',
    });
    expect(screen.getAllByRole('button', { name: /^Stock per variant of / })).toHaveLength(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const expanded = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const lines = within(expanded)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(lines.map((l) => l.slice(1))).toEqual([
      ['S', 'PAI-MAR-S', '0 (out of stock)', '₹4,000'],
      ['M', '–', '3 (low)', '₹4,000'],
      ['S', '–', '10', '₹4,000'],
    ]);
    expect(within(expanded).getAllByRole('cell')[0]!.textContent).not.toBe('');
  });
});
