import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductTableRow } from '@shop/shared/product';
import { aUser } from '../../../test/commerce-fixtures';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import AdminProductsPage from './products';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });
const row = (id: number, title: string, stock: number, deleted = false): ProductTableRow => ({
  id,
  title,
  brand: 'Yeola Silk',
  category: 'sarees',
  thumbnail: '/uploads/t.webp',
  price: 5000,
  discountPercentage: 20,
  discountedPrice: 4000,
  stock,
  deleted,
  variants: [],
});
const tableCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith('/products/admin'));

afterEach(() => vi.unstubAllGlobals());

describe('the admin product table view', () => {
  it('shows stock, price, discount and state per product, and keeps search, state and sort in the URL', async () => {
    const { calls } = fakeApi({
      'GET /products/admin': {
        body: {
          products: [
            row(1, 'Kota Doria', 0),
            row(2, 'Paithani', 3),
            row(3, 'Old Tussar', 9, true),
            row(4, 'Mysore Silk', 40),
          ],
          totalProducts: 4,
          lowStockThreshold: 5,
        },
      },
    });
    const { router } = renderPage(<AdminProductsPage />, {
      path: '/admin',
      url: '/admin?view=table',
      state: signedInAs(admin),
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['₹4,000₹5,000', '20%', '0', 'Out of stock'],
      ['₹4,000₹5,000', '20%', '3', 'Low stock'],
      ['₹4,000₹5,000', '20%', '9', 'Deleted'],
      ['₹4,000₹5,000', '20%', '40', 'On sale'],
    ]);
    expect(tableCalls(calls)[0]?.url).toBe('/products/admin?_sort=stock&_order=asc&_page=1&_per_page=25');

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search products by title or brand' }),
      'silk',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(screen.getByRole('button', { name: 'Low stock' }));
    await userEvent.click(screen.getByRole('button', { name: /Stock/ }));
    expect(router.state.location.search).toBe('?view=table&search=silk&state=lowStock&sort=stock&order=desc');
    await vi.waitFor(() =>
      expect(tableCalls(calls).at(-1)?.url).toBe(
        '/products/admin?search=silk&state=lowStock&_sort=stock&_order=desc&_page=1&_per_page=25',
      ),
    );
  });

  it('switches between the grid and the table', async () => {
    fakeApi({
      'GET /products/admin': { body: { products: [], totalProducts: 0, lowStockThreshold: 5 } },
      'GET /products': { body: { products: [], totalProducts: 0 } },
    });
    const { router } = renderPage(<AdminProductsPage />, {
      path: '/admin',
      url: '/admin',
      state: signedInAs(admin),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Table' }));
    expect(router.state.location.search).toBe('?view=table');
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(router.state.location.search).toBe('');
  });
});
