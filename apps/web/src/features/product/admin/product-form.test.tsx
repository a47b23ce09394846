import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/shared/product';
import { makeStore } from '../../../lib/store';
import { aProduct } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { ProductForm } from './product-form';
import {
  BOX_ALL_OR_NONE,
  cellKey,
  LETTER_SIZES_NEED_VARIANTS,
  missingColorsOrSizes,
  productEditorSchema,
  toFormValues,
  toProductBody,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-values';

const brands = [{ value: 'Nalli', label: 'Nalli' }];
const categories = [{ value: 'sarees', label: 'Sarees' }];

/** `null`: a new product. */
function renderForm(product: Product | null = aProduct(), defaultWeightGrams?: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <ProductForm
            product={product ?? undefined}
            brands={brands}
            categories={categories}
            renderAddOption={() => null}
            defaultWeightGrams={defaultWeightGrams}
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

const formValues = (over: Partial<ProductFormInput> = {}): ProductFormValues =>
  productEditorSchema.parse({ ...toFormValues(aProduct()), ...over });

const twoByTwo = {
  stockMode: 'variant' as const,
  colors: ['#7a1f2b', '#0f6e6e'],
  sizes: ['M', 'S'],
  cells: {
    [cellKey('#7a1f2b', 'S')]: { stock: '3', sku: 'KAN-MAR-S', price: '' },
    [cellKey('#7a1f2b', 'M')]: { stock: '0', sku: '', price: '12500' },
    [cellKey('#0f6e6e', 'S')]: { stock: '2', sku: '', price: '' },
    [cellKey('#0f6e6e', 'M')]: { stock: '1', sku: '', price: '' },
  },
};

describe('product form values', () => {
  it('reads the thumbnail as the first photo, then the other images', () => {
    const v = toFormValues(
      aProduct({
        thumbnail: '/uploads/t.webp',
        images: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/t.webp'],
      }),
    );
    expect(v.photos).toEqual(['/uploads/t.webp', '/uploads/a.webp', '/uploads/b.webp']);
    expect(v.price).toBe('12000');
    expect(v.stockMode).toBe('shared');
    expect(v.sizes).toEqual(['216', '244']);
  });

  it('sends one shared stock in the original shape: the other images, then the thumbnail; sizes as numbers', () => {
    const body = toProductBody(formValues({ photos: ['/uploads/t.webp', '/uploads/1.webp', ''] }));
    expect(body.images).toEqual(['/uploads/1.webp', '/uploads/t.webp']);
    expect(body).toMatchObject({
      thumbnail: '/uploads/t.webp',
      price: 12000,
      discountPercentage: 25,
      stock: 5,
      colors: ['#7a1f2b', '#e0a526'],
      sizes: [216, 244],
      sizeUnit: 'in',
      colorImages: [],
      sizeChart: null,
    });
    expect(body).not.toHaveProperty('variants');
  });

  it('sends stock per variant as variants, sizes in the shop order, without a shared stock', () => {
    const body = toProductBody(formValues(twoByTwo));
    expect(body.variants).toEqual([
      { color: '#7a1f2b', size: 'S', sku: 'KAN-MAR-S', price: null, stock: 3 },
      { color: '#7a1f2b', size: 'M', sku: null, price: 12500, stock: 0 },
      { color: '#0f6e6e', size: 'S', sku: null, price: null, stock: 2 },
      { color: '#0f6e6e', size: 'M', sku: null, price: null, stock: 1 },
    ]);
    expect(body).not.toHaveProperty('stock');
    expect(body).not.toHaveProperty('sizes');
  });

  it('reads a product sold per variant back into its grid', () => {
    const product = aProduct({
      variants: [
        { id: 1, sku: 'A-1', color: '#7a1f2b', size: 'M', stock: 4, price: null, discountedPrice: 9000 },
        { id: 2, sku: null, color: '#7a1f2b', size: 'L', stock: 0, price: 13000, discountedPrice: 9750 },
      ],
      sizeLabels: ['M', 'L'],
    });
    const v = toFormValues(product);
    expect(v).toMatchObject({ stockMode: 'variant', colors: ['#7a1f2b'], sizes: ['M', 'L'] });
    expect(v.cells[cellKey('#7a1f2b', 'L')]).toEqual({ stock: '0', sku: '', price: '13000' });
  });

  it('names every problem at once: an empty price hides neither the stock nor the first photo', () => {
    const messages = productEditorSchema.safeParse(toFormValues()).error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Price is required',
        'Stock is required',
        'Highlight is required',
        'Photo 1 is required',
      ]),
    );
  });

  it('names what is missing among colours and sizes', () => {
    expect(missingColorsOrSizes([], [])).toBe('Add at least one color and size');
    expect(missingColorsOrSizes([], [1])).toBe('Add at least one color');
    expect(missingColorsOrSizes(['#000000'], [])).toBe('Add at least one size');
    expect(missingColorsOrSizes(['#000000'], [1])).toBeNull();
  });

  it('refuses letter sizes with one shared stock, and Free Size beside another size', () => {
    const shared = productEditorSchema.safeParse({ ...toFormValues(aProduct()), sizes: ['M'] });
    expect(shared.error?.issues.map((i) => i.message)).toEqual([LETTER_SIZES_NEED_VARIANTS]);
    const free = productEditorSchema.safeParse({
      ...toFormValues(aProduct()),
      ...twoByTwo,
      sizes: ['Free Size', 'M'],
    });
    expect(free.error?.issues.map((i) => i.message)).toContain(
      'Free Size is sold alone, not beside other sizes',
    );
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

    const price = screen.getByLabelText('Price (₹)');
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
      images: product.images,
      thumbnail: product.thumbnail,
      colors: product.colors,
      sizes: product.sizes,
      highlights: product.highlights,
    });
  });

  it('edits the tax data in its own section: HSN, a GST rate with Category rule as the default, country of origin', async () => {
    const product = aProduct({ category: 'Silk Sarees' });
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
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
    expect(calls[0]!.body).toMatchObject({
      hsn: '50072010',
      gstRatePercent: 12,
      countryOfOrigin: 'Bangladesh',
    });
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

async function update(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Update Product' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Product Updated Successfully')).toBeTruthy();
}

describe('stock per colour and size', () => {
  it('switches with one click, asks for each variant stock, checks the SKUs and sends the variants', async () => {
    const product = aProduct();
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    const user = userEvent.setup();
    const stock = screen.getByRole('region', { name: 'Stock & Variants' });

    await user.click(within(stock).getByRole('radio', { name: /Stock per colour and size/ }));
    const stocks = within(stock).getAllByRole('spinbutton', { name: /^Stock, / });
    expect(stocks).toHaveLength(4);
    expect(document.activeElement).toBe(stocks[0]);
    expect(within(stock).queryByLabelText('Stock')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await within(stock).findAllByText('Variant stock is required')).toHaveLength(4);
    expect(calls).toHaveLength(0);

    for (const [i, n] of ['3', '0', '2', '1'].entries()) await user.type(stocks[i]!, n);
    const skus = within(stock).getAllByRole('textbox', { name: /^SKU, / });
    await user.type(skus[0]!, 'bad sku!');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(
      await within(stock).findByText('SKU is letters, digits, dot, dash, slash or underscore (at most 64)'),
    ).toBeTruthy();
    await user.clear(skus[0]!);
    await user.type(skus[0]!, 'KAN-1');
    await user.type(skus[1]!, 'kan-1');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await within(stock).findByText('SKU kan-1 is used twice')).toBeTruthy();
    await user.clear(skus[1]!);
    await user.type(within(stock).getAllByRole('spinbutton', { name: /^Price \(₹\), / })[1]!, '12500');

    await update(user);
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body.variants).toEqual([
      { color: '#7a1f2b', size: '216', sku: 'KAN-1', price: null, stock: 3 },
      { color: '#7a1f2b', size: '244', sku: null, price: 12500, stock: 0 },
      { color: '#e0a526', size: '216', sku: null, price: null, stock: 2 },
      { color: '#e0a526', size: '244', sku: null, price: null, stock: 1 },
    ]);
    expect(body).not.toHaveProperty('stock');
  });

  it('goes back to one stock, starting from the variants’ sum, and clears the variants', async () => {
    const product = aProduct({
      stock: 7,
      colors: ['#7a1f2b'],
      sizes: [216, 244],
      variants: [
        { id: 1, sku: null, color: '#7a1f2b', size: '216', stock: 4, price: null, discountedPrice: 9000 },
        { id: 2, sku: null, color: '#7a1f2b', size: '244', stock: 3, price: null, discountedPrice: 9000 },
      ],
    });
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    const user = userEvent.setup();
    const stock = screen.getByRole('region', { name: 'Stock & Variants' });
    expect(
      within(stock)
        .getAllByRole('spinbutton', { name: /^Stock, / })
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['4', '3']);

    await user.click(within(stock).getByRole('radio', { name: /One stock for all colours and sizes/ }));
    await user.clear(within(stock).getByLabelText('Stock'));
    await user.click(within(stock).getByRole('radio', { name: /Stock per colour and size/ }));
    await user.click(within(stock).getByRole('radio', { name: /One stock for all colours and sizes/ }));
    expect(within(stock).getByLabelText('Stock')).toHaveProperty('value', '7');

    await update(user);
    expect(calls[0]!.body).toMatchObject({ stock: 7, variants: [], colors: ['#7a1f2b'], sizes: [216, 244] });
  });

  it('sells letter sizes only per colour and size', async () => {
    fakeApi({});
    renderForm(aProduct());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove size 216' }));
    await user.click(screen.getByRole('button', { name: 'Remove size 244' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Letter sizes' })).getByRole('button', { name: 'M' }),
    );
    expect(screen.getByRole('list', { name: 'Sizes' }).textContent).toContain('M');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(LETTER_SIZES_NEED_VARIANTS)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('photos, highlights, details and the size chart', () => {
  it('takes up to 8 highlights, the first required, and up to 8 photos, the first required', async () => {
    fakeApi({});
    renderForm(aProduct({ highlights: ['Pure silk'] }));
    const user = userEvent.setup();
    for (let i = 0; i < 7; i++) await user.click(screen.getByRole('button', { name: 'Add highlight' }));
    expect(screen.getByLabelText('Highlight 8')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add highlight' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove highlight 8' }));
    expect(screen.queryByLabelText('Highlight 8')).toBeNull();
    await user.clear(screen.getByLabelText('Highlight 1'));

    const photos = screen.getByRole('region', { name: 'Product Images' });
    await user.click(within(photos).getByRole('button', { name: 'Add photo' }));
    await user.clear(within(photos).getByLabelText('Photo 1 URL'));
    await user.type(within(photos).getByLabelText('Photo 2 URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Highlight is required')).toBeTruthy();
    expect(within(photos).getByText('Photo 1 is required')).toBeTruthy();
    expect(within(photos).getByText('Photo 2 is not a valid image URL')).toBeTruthy();
  });

  it('sends the details, the photos of a colour and the product’s own size chart', async () => {
    const product = aProduct();
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    const user = userEvent.setup();
    const details = screen.getByRole('region', { name: 'Details' });
    await user.type(within(details).getByLabelText('Fabric'), 'Pure silk');
    await user.selectOptions(within(details).getByLabelText('Blouse piece'), 'Running blouse piece');
    await user.type(within(details).getByLabelText('Saree length (m)'), '5.5');
    await user.type(within(details).getByLabelText('Blouse piece length (m)'), '70');

    const perColour = screen.getByRole('region', { name: 'Photos per colour' });
    const add = within(perColour).getAllByRole('button', { name: /^Add photo for / });
    await user.click(add[0]!);
    const [url] = within(perColour).getAllByLabelText(/ photo 1 URL$/);
    await user.type(url!, '/uploads/red.webp');

    const chart = screen.getByRole('region', { name: 'Size chart' });
    await user.click(within(chart).getByRole('radio', { name: /own chart/ }));
    await user.type(within(chart).getByRole('spinbutton', { name: 'Bust, size 216' }), '-2');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await within(details).findByText('Blouse piece length is at most 50 m')).toBeTruthy();
    expect(within(chart).getByText('Measurement is a number above 0')).toBeTruthy();

    await user.clear(within(details).getByLabelText('Blouse piece length (m)'));
    await user.type(within(details).getByLabelText('Blouse piece length (m)'), '0.8');
    await user.clear(within(chart).getByRole('spinbutton', { name: 'Bust, size 216' }));
    await user.type(within(chart).getByRole('spinbutton', { name: 'Bust, size 216' }), '36');
    await update(user);
    expect(calls[0]!.body).toMatchObject({
      details: {
        fabric: 'Pure silk',
        blousePiece: 'running',
        lengthMetres: 5.5,
        blousePieceMetres: 0.8,
        work: null,
      },
      colorImages: [{ color: '#7a1f2b', images: ['/uploads/red.webp'] }],
      sizeChart: {
        unit: 'in',
        measurements: ['Bust', 'Waist'],
        rows: [
          { size: '216', values: [36, null] },
          { size: '244', values: [null, null] },
        ],
      },
    });
  });

  it('leaves an untouched size chart as the server has it', async () => {
    const product = aProduct();
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    await update(userEvent.setup());
    expect(calls[0]!.body).not.toHaveProperty('sizeChart');
  });
});

describe('the parcel', () => {
  it('sends the weight and the box, showing the box’s volumetric weight as it is typed', async () => {
    const product = aProduct();
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product, 500);
    const user = userEvent.setup();
    const parcel = within(screen.getByRole('region', { name: 'Parcel' }));
    const weight = parcel.getByLabelText('Weight (g)');
    expect(weight.getAttribute('placeholder')).toBe('500');
    expect(parcel.getByText(/the shop’s default, 500 g/)).toBeTruthy();

    await user.type(weight, '750');
    await user.type(parcel.getByLabelText('Length (cm)'), '40');
    await user.type(parcel.getByLabelText('Breadth (cm)'), '30');
    // Two sides of three: no volumetric weight yet, and the form says all three or none.
    expect(parcel.queryByText(/Volumetric weight: \d/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await parcel.findByText(BOX_ALL_OR_NONE)).toBeTruthy();
    expect(parcel.getByLabelText('Height (cm)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(parcel.getByLabelText('Height (cm)'), '5');
    // 40 × 30 × 5 ÷ 5000 = 1.2 kg.
    expect(parcel.getByText(/Volumetric weight: 1\.2 kg/)).toBeTruthy();
    await update(user);
    expect(calls[0]!.body).toMatchObject({ weightGrams: 750, packageCm: { length: 40, breadth: 30, height: 5 } });
  });

  it('sends null for a weight and a box left empty, and refuses a weight that is not whole grams', async () => {
    const product = aProduct({ weightGrams: 900, packageCm: { length: 35, breadth: 25, height: 4 } });
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    const user = userEvent.setup();
    const parcel = within(screen.getByRole('region', { name: 'Parcel' }));
    const weight = parcel.getByLabelText('Weight (g)');
    expect(weight).toHaveProperty('value', '900');
    expect(parcel.getByLabelText('Breadth (cm)')).toHaveProperty('value', '25');
    expect(parcel.getByText(/Volumetric weight: 700 g/)).toBeTruthy();

    await user.clear(weight);
    await user.type(weight, '0.5');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await parcel.findByText('Weight: whole grams')).toBeTruthy();

    await user.clear(weight);
    for (const side of ['Length (cm)', 'Breadth (cm)', 'Height (cm)']) await user.clear(parcel.getByLabelText(side));
    await update(user);
    expect(calls[0]!.body).toMatchObject({ weightGrams: null, packageCm: null });
  });

  it('turns the parcel’s inputs into numbers, and empty ones into null', () => {
    const body = toProductBody(formValues({ weightGrams: '1200', packageCm: { length: '30', breadth: '20', height: '10' } }));
    expect(body).toMatchObject({ weightGrams: 1200, packageCm: { length: 30, breadth: 20, height: 10 } });
    expect(toProductBody(formValues())).toMatchObject({ weightGrams: null, packageCm: null });
  });
});

describe('returns', () => {
  const returnsSection = () => within(screen.getByRole('region', { name: 'Returns' }));

  /** The least a new product needs: one shared stock, one colour, one size, a highlight and a photo. */
  async function fillNewProduct(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Product Name'), 'Mysore Silk Saree');
    await user.type(screen.getByLabelText('Description'), 'Pure crepe silk with a gold border.');
    await user.selectOptions(screen.getByLabelText('Brand'), 'Nalli');
    await user.selectOptions(screen.getByLabelText('Category'), 'Sarees');
    await user.type(screen.getByLabelText('Price (₹)'), '9000');
    await user.type(screen.getByLabelText('Discount (%)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Color' }));
    await user.type(screen.getByLabelText('Size'), '42{Enter}');
    await user.type(screen.getByLabelText('Stock'), '4');
    await user.type(screen.getByLabelText('Highlight 1'), 'Handwoven');
    await user.type(screen.getByLabelText('Photo 1 URL'), 'https://img.example/mysore.jpg');
  }

  async function save(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save Product' })).getByRole('button', {
        name: 'Save',
      }),
    );
    expect(await screen.findByText('Product Created Successfully')).toBeTruthy();
  }

  it('a new product can be returned unless unticked, with a hint on what to untick', async () => {
    const { calls } = fakeApi({
      'POST /products/': (c) => ({ status: 201, body: { ...aProduct(), ...(c.body as object) } }),
    });
    renderForm(null);
    const user = userEvent.setup();
    const box = returnsSection().getByRole('checkbox', { name: 'Can be returned' });
    expect(box).toHaveProperty('checked', true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Untick for what you make to measure or sell on final sale: shoppers cannot ask to return it. Whole categories are set in Settings → Returns.',
    );

    await fillNewProduct(user);
    await save(user);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ title: 'Mysore Silk Saree', returnable: true });
  });

  it('posts returnable: false once unticked', async () => {
    const { calls } = fakeApi({
      'POST /products/': (c) => ({ status: 201, body: { ...aProduct(), ...(c.body as object) } }),
    });
    renderForm(null);
    const user = userEvent.setup();
    await fillNewProduct(user);
    await user.click(returnsSection().getByRole('checkbox', { name: 'Can be returned' }));
    await save(user);
    expect(calls[0]!.body).toMatchObject({ returnable: false });
  });

  it('shows a product that cannot be returned unticked, and keeps it so on update', async () => {
    const product = aProduct({ returnable: false });
    const { calls } = fakeApi({
      'PATCH /products/1': (c) => ({ body: { ...product, ...(c.body as object) } }),
    });
    renderForm(product);
    const user = userEvent.setup();
    expect(returnsSection().getByRole('checkbox', { name: 'Can be returned' })).toHaveProperty(
      'checked',
      false,
    );
    await update(user);
    expect(calls[0]!.body).toMatchObject({ returnable: false });
  });

  it('reads an absent returnable as true, and always sends it', () => {
    expect(toFormValues().returnable).toBe(true);
    expect(toFormValues(aProduct()).returnable).toBe(true);
    expect(toFormValues(aProduct({ returnable: false })).returnable).toBe(false);
    expect(toProductBody(formValues()).returnable).toBe(true);
    expect(toProductBody(formValues({ returnable: false })).returnable).toBe(false);
  });
});
