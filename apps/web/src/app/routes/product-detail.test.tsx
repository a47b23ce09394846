import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DETAILS, type ProductVariant } from '@shop/shared/variants';
import { aCartItem, aProduct, aUser } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderPage, signedInAs } from '../../test/render-page';
import { selectCart } from '../../features/cart/cart-api';
import ProductDetailPage from './product-detail';

const saree = aProduct({ id: 1, colors: ['#7a1f2b'], sizes: [216, 244] });

function renderDetail(id = '1') {
  return renderPage(<ProductDetailPage />, {
    path: '/product-detail/:id',
    url: `/product-detail/${id}`,
    state: signedInAs(aUser()),
    elsewhere: ['/404'],
  });
}

const addToCart = () => userEvent.click(screen.getAllByRole('button', { name: 'Add to Cart' })[0]!);

afterEach(() => vi.unstubAllGlobals());

describe('the product detail page', () => {
  it('shows the product with its price, discount, stock and highlights', async () => {
    fakeApi({ 'GET /products/1': { body: saree }, 'GET /cart': { body: [] } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanjivaram Silk Saree' })).toBeTruthy();
    expect(screen.getAllByText('25% OFF').length).toBeGreaterThan(0);
    expect(screen.getByText('Only 5 left in stock')).toBeTruthy();
    expect(screen.getByText('Blouse piece included')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Home');
    // E-Commerce Rules 2020.
    expect(screen.getByRole('row', { name: 'Country of origin India' })).toBeTruthy();
  });

  it('shows whole-rupee, tax-inclusive prices: the price, the struck-through original and what the shopper saves', async () => {
    fakeApi({
      'GET /products/1': { body: aProduct({ price: 899.5, discountPercentage: 10, discountedPrice: 810 }) },
      'GET /cart': { body: [] },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    const price = screen.getAllByText('You save ₹90')[0]!.parentElement!;
    expect(price.textContent).toBe('₹810, was ₹900You save ₹90');
    expect(price.querySelector('s')!.textContent).toBe('₹900');
    expect(screen.getAllByText('Inclusive of all taxes').length).toBeGreaterThan(0);
  });

  it('shows an automatic sale: its price, the usual one struck through, its name and its last day in India', async () => {
    fakeApi({
      'GET /products/1': {
        body: aProduct({
          salePrice: 7200,
          sale: { name: 'Diwali Sale', endsAt: '2026-11-04T00:00:00+05:30' },
        }),
      },
      'GET /cart': { body: [] },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    const price = screen.getAllByText('You save ₹1,800')[0]!.parentElement!;
    expect(price.textContent).toBe('₹7,200, was ₹9,000You save ₹1,800');
    expect(price.querySelector('s')!.textContent).toBe('₹9,000');
    // It ends at midnight, exclusive: 3 November is its last day.
    expect(screen.getByText('Diwali Sale · Ends 3 Nov')).toBeTruthy();
  });

  it('asks for a colour, then a size, before adding one piece to the cart', async () => {
    const { calls } = fakeApi({
      'GET /products/1': { body: saree },
      'GET /cart': { body: [] },
      'POST /cart': { status: 201, body: aCartItem({ size: 244 }) },
    });
    const { store } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Kanjivaram Silk Saree' });

    await addToCart();
    expect(await screen.findByText('Please select a color')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /maroon|red/i }));
    await addToCart();
    expect(await screen.findByText('Please select a size')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '244 in' }));
    await addToCart();

    expect(await screen.findByText('Kanjivaram Silk Saree added to cart')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { product: 1, quantity: 1, color: '#7a1f2b', size: 244 },
    ]);
    expect(selectCart(store.getState()).data).toHaveLength(1);
  });

  it('says an out-of-stock product is out of stock and sends nothing', async () => {
    const { calls } = fakeApi({
      'GET /products/1': { body: { ...saree, stock: 0 } },
      'GET /cart': { body: [] },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Kanjivaram Silk Saree' });
    await addToCart();
    expect(await screen.findByText('Kanjivaram Silk Saree is out of stock')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('goes to /404 for a product that does not exist', async () => {
    fakeApi({ 'GET /products/999': { status: 404, body: { message: 'Product not found' } } });
    renderDetail('999');
    expect(await screen.findByRole('heading', { name: 'Page at /404' })).toBeTruthy();
  });

  it('shares the product through the phone’s share sheet with its name, price and link', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    fakeApi({ 'GET /products/1': { body: saree }, 'GET /cart': { body: [] } });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Kanjivaram Silk Saree',
      text: `Kanjivaram Silk Saree — ₹${saree.discountedPrice.toLocaleString('en-IN')} at Saree Pari`,
      url: `${window.location.origin}/product-detail/1`,
    });
  });

  it('offers a WhatsApp link with the text and link filled in where the browser cannot share', async () => {
    fakeApi({ 'GET /products/1': { body: saree }, 'GET /cart': { body: [] } });
    renderDetail();
    const link = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Kanjivaram Silk Saree — ₹${saree.discountedPrice.toLocaleString('en-IN')} at Saree Pari ${window.location.origin}/product-detail/1`,
    );
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

const MAROON = '#7a1f2b';
const GREEN = '#1f6b3a';
const variant = (
  id: number,
  color: string,
  size: string,
  stock: number,
  price: number | null = null,
): ProductVariant => ({
  id,
  sku: `K-${id}`,
  color,
  size,
  stock,
  price,
  discountedPrice: (price ?? 2000) * 0.9,
});

/** Stock per colour × size: Maroon M 1, Maroon L 0, Green M 3 (at its own price), Green L 2. */
const kurta = aProduct({
  id: 1,
  title: 'Chanderi Kurta',
  price: 2000,
  discountPercentage: 10,
  discountedPrice: 1800,
  stock: 6,
  colors: [MAROON, GREEN],
  sizes: [38, 40],
  sizeLabels: ['M', 'L'],
  variants: [
    variant(1, MAROON, 'M', 1),
    variant(2, MAROON, 'L', 0),
    variant(3, GREEN, 'M', 3, 2400),
    variant(4, GREEN, 'L', 2),
  ],
  colorImages: [{ color: GREEN, images: ['/uploads/green-1.webp', '/uploads/green-2.webp'] }],
  details: {
    ...EMPTY_DETAILS,
    fabric: 'Chanderi silk',
    occasion: 'Festive',
    lengthMetres: 5.5,
    blousePiece: 'separate',
    blousePieceMetres: 0.8,
    manufacturer: 'Saree Pari, 12 Marine Drive, Mumbai 400002',
  },
  sizeChart: {
    unit: 'in',
    measurements: ['Bust', 'Waist'],
    rows: [
      { size: 'M', values: [38, null] },
      { size: 'L', values: [40, 34] },
    ],
  },
});

describe('a product with stock per colour and size', () => {
  const sizeRadio = (name: RegExp | string) =>
    within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name });

  it('strikes out a size sold out in the chosen colour, shows the colour’s photos, and adds the variant picked', async () => {
    const { calls } = fakeApi({
      'GET /products/1': { body: kurta },
      'GET /cart': { body: [] },
      'POST /cart': { status: 201, body: aCartItem({ size: 38 }) },
    });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Chanderi Kurta' });
    const gallery = () => screen.getByRole('img', { name: /^Chanderi Kurta/ });
    expect(gallery().getAttribute('src')).toContain('abc');

    await userEvent.click(screen.getByRole('radio', { name: /maroon/i }));
    const soldOut = sizeRadio('L, sold out');
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(soldOut.nextElementSibling!.className).toContain('line-through');
    await userEvent.click(soldOut);
    expect((soldOut as HTMLInputElement).checked).toBe(false);
    await userEvent.click(sizeRadio('M'));
    expect(screen.getByText('Only 1 left in stock')).toBeTruthy();

    // Green M: its own photos, its own price, and L no longer sold out.
    await userEvent.click(screen.getByRole('radio', { name: /green/i }));
    expect(gallery().getAttribute('alt')).toMatch(/in Bottle Green, picture 1 of 2/);
    expect(gallery().getAttribute('src')).toContain('green-1');
    expect(sizeRadio('L').getAttribute('aria-disabled')).toBeNull();
    expect(screen.getAllByText('You save ₹240').length).toBeGreaterThan(0);
    expect(screen.getByRole('row', { name: 'MRP ₹2,400 (inclusive of all taxes)' })).toBeTruthy();
    await addToCart();

    expect(await screen.findByText('Chanderi Kurta added to cart')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { product: 1, quantity: 1, color: GREEN, size: 38, variant: 3 },
    ]);
  });

  it('forgets a picked size when the colour chosen next has none left, and asks for another', async () => {
    const { calls } = fakeApi({ 'GET /products/1': { body: kurta }, 'GET /cart': { body: [] } });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Chanderi Kurta' });
    await userEvent.click(screen.getByRole('radio', { name: /green/i }));
    await userEvent.click(sizeRadio('L'));
    await userEvent.click(screen.getByRole('radio', { name: /maroon/i }));
    expect(screen.getByText(/L is sold out in Maroon\. Choose another size\./)).toBeTruthy();
    await addToCart();
    expect(await screen.findByText('Please select a size')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists the details that have a value, with the MRP and the country of origin', async () => {
    fakeApi({ 'GET /products/1': { body: kurta }, 'GET /cart': { body: [] } });
    renderDetail();
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FabricChanderi silk',
      'OccasionFestive',
      'Saree length5.5 m',
      'Blouse pieceSeparate blouse piece, 0.8 m',
      'MRP₹2,000 (inclusive of all taxes)',
      'Manufacturer / packerSaree Pari, 12 Marine Drive, Mumbai 400002',
      'Country of originIndia',
    ]);
  });

  it('opens the size chart in cm and inches, and gives focus back when Escape closes it', async () => {
    fakeApi({ 'GET /products/1': { body: kurta }, 'GET /cart': { body: [] } });
    renderDetail();
    const link = await screen.findByRole('button', { name: 'Size chart' });
    await userEvent.click(link);
    const dialog = within(await screen.findByRole('dialog', { name: 'Size chart' }));
    expect(dialog.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'SizeBustWaist',
      'M96.5 cm38 in–Not measured',
      'L101.6 cm40 in86.4 cm34 in',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(link));
  });
});
