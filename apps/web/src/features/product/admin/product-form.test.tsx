import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../lib/store';
import { aProduct } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { ProductForm } from './product-form';
import { missingColorsOrSizes, toFormValues, toProductBody } from './product-form-values';

const brands = [{ value: 'Nalli', label: 'Nalli' }];
const categories = [{ value: 'sarees', label: 'Sarees' }];

function renderForm(product = aProduct()) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <ProductForm
            product={product}
            brands={brands}
            categories={categories}
            renderAddOption={() => null}
          />
        ),
      },
      { path: '/admin', element: <h1>Admin list</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('product form values', () => {
  it('maps images 1 to 3 to the first three images and keeps the thumbnail apart', () => {
    const v = toFormValues(
      aProduct({ images: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp', '/uploads/t.webp'] }),
    );
    expect([v.image1, v.image2, v.image3]).toEqual(['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp']);
    expect(v.thumbnail).toBe('/uploads/abc.webp');
    expect(v.price).toBe('12000');
  });

  it('sends the three images followed by the thumbnail', () => {
    const body = toProductBody(
      {
        title: 'Paithani',
        description: 'Silk',
        brand: 'Nalli',
        category: 'sarees',
        highlights: ['a', 'b', 'c', 'd'],
        price: 10,
        discountPercentage: 5,
        stock: 2,
        image1: '/uploads/1.webp',
        image2: '/uploads/2.webp',
        image3: '/uploads/3.webp',
        thumbnail: '/uploads/t.webp',
        hsn: '5007',
        gstRatePercent: null,
        countryOfOrigin: 'India',
      },
      ['#7a1f2b'],
      [216],
    );
    expect(body.images).toEqual(['/uploads/1.webp', '/uploads/2.webp', '/uploads/3.webp', '/uploads/t.webp']);
    expect(body).toMatchObject({
      price: 10,
      discountPercentage: 5,
      stock: 2,
      colors: ['#7a1f2b'],
      sizes: [216],
      hsn: '5007',
      gstRatePercent: null,
      countryOfOrigin: 'India',
    });
  });

  it('names what is missing among colours and sizes', () => {
    expect(missingColorsOrSizes([], [])).toBe('Add at least one color and size');
    expect(missingColorsOrSizes([], [1])).toBe('Add at least one color');
    expect(missingColorsOrSizes(['#000000'], [])).toBe('Add at least one size');
    expect(missingColorsOrSizes(['#000000'], [1])).toBeNull();
  });
});

describe('the product form', () => {
  it('updates a product with numbers converted, after the confirmation, then goes to /admin', async () => {
    const product = aProduct();
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    const router = renderForm(product);
    const user = userEvent.setup();

    const price = screen.getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '15000');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Product' });
    expect(dialog.textContent).toContain('Are you sure you want to update this Product?');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      price: 15000,
      discountPercentage: 25,
      stock: 5,
      images: [...product.images.slice(0, 3), product.thumbnail],
      thumbnail: product.thumbnail,
      colors: product.colors,
      sizes: product.sizes,
      highlights: product.highlights,
    });
  });

  it('edits the tax data in its own section: HSN, a GST rate with Category rule as the default, country of origin', async () => {
    const product = aProduct({ category: 'Silk Sarees' });
    const { calls } = fakeApi({ 'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }) });
    renderForm(product);
    const user = userEvent.setup();
    const tax = screen.getByRole('region', { name: 'Tax' });
    const rate = within(tax).getByLabelText('GST rate');
    expect((rate as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Category rule');
    expect(tax.textContent).toContain('Category rule: 5 %');
    expect(within(tax).getByLabelText('Country of origin')).toHaveProperty('value', 'India');

    await user.type(within(tax).getByLabelText('HSN code'), '50A');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await within(tax).findByText('HSN code is 4 to 8 digits')).toBeTruthy();

    await user.clear(within(tax).getByLabelText('HSN code'));
    await user.type(within(tax).getByLabelText('HSN code'), '50072010');
    await user.selectOptions(rate, '12 %');
    await user.clear(within(tax).getByLabelText('Country of origin'));
    await user.type(within(tax).getByLabelText('Country of origin'), 'Bangladesh');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ hsn: '50072010', gstRatePercent: 12, countryOfOrigin: 'Bangladesh' });
  });

  it('soft-deletes with { deleted: true } after the Delete confirmation', async () => {
    const product = aProduct();
    const { calls } = fakeApi({ 'PATCH /products/1': { body: { ...product, deleted: true } } });
    renderForm(product);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${product.title}` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product Deleted Successfully')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ deleted: true }]);
  });

  it('shows the server refusal as a toast and stays on the form', async () => {
    fakeApi({ 'PATCH /products/1': { status: 409, body: { message: 'Brand does not exist' } } });
    const router = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Brand does not exist')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
  });

  it('offers neither Delete nor Update for a deleted product, and says it is deleted', () => {
    renderForm(aProduct({ deleted: true }));
    expect(screen.getByText('This product is deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Product' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/admin');
  });
});
