import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(screen.getByText('Country of origin:').parentElement!.textContent).toBe(
      'Country of origin: India',
    );
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
