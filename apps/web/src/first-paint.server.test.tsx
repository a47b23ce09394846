import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND, type ShopBrand } from '@shop/shared/brand';
import { aProduct } from './test/commerce-fixtures';
import { fakeApi } from './test/fake-api';
import { renderPage } from './test/render-page';
import { useEndFirstPaintElsewhere } from './app/use-end-first-paint';
import HomePage from './app/routes/home';
import ProductDetailPage from './app/routes/product-detail';
import { renderHomeFirstPaint, renderProductFirstPaint } from './first-paint.server';

const HOSTILE = '</li><script>alert(1)</script><img src=x onerror=alert(2)>';
const list = {
  products: [
    aProduct({
      id: 7,
      title: 'Kanjivaram Silk Saree',
      price: 5000,
      discountedPrice: 4500,
      discountPercentage: 10,
    }),
    aProduct({ id: 8, title: HOSTILE, stock: 0 }),
  ],
  totalProducts: 30,
};

function addFirstPaint() {
  const paint = document.createElement('div');
  paint.id = 'first-paint';
  document.body.append(paint);
}

function Elsewhere() {
  useEndFirstPaintElsewhere();
  return <p>a page</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the first paint, drawn on the server', () => {
  it('is the home page with the first cards, their links and prices, and no Loading...', () => {
    const { container } = render(
      <div dangerouslySetInnerHTML={{ __html: renderHomeFirstPaint(list, undefined, DEFAULT_BRAND) }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeTruthy();
    const cards = container.querySelectorAll('article');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Kanjivaram Silk Saree' }).getAttribute('href')).toBe(
      '/product-detail/7',
    );
    expect(cards[0]!.textContent).toContain('₹4,500');
    expect(cards[1]!.textContent).toContain('Out of stock');
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(
      'Showing 1 to 12 of 30 results',
    );
    expect(container.textContent).not.toContain('Loading...');
    // Without the filters' options, the sidebar is there but empty.
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
    // A hostile title stays text.
    expect(screen.getByRole('link', { name: HOSTILE })).toBeTruthy();
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
  });

  it('draws the top bar, the banner and the footer in the brand it is given', () => {
    const brand: ShopBrand = {
      ...DEFAULT_BRAND,
      shopName: 'Kamala Silks',
      tagline: 'Silks from Kanchipuram',
      logo: `/uploads/brand/${'a'.repeat(32)}-120x120.webp`,
      banner: { image: null, headline: 'Wedding Season Edit', link: '/collections' },
    };
    const { container } = render(
      <div dangerouslySetInnerHTML={{ __html: renderHomeFirstPaint(list, undefined, brand) }} />,
    );
    expect(screen.getAllByRole('img', { name: 'Kamala Silks' })[0]!.getAttribute('src')).toBe(brand.logo);
    expect(screen.getByText('Wedding Season Edit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/collections');
    expect(screen.getByRole('contentinfo').textContent).toContain('Silks from Kanchipuram');
    expect(container.textContent).not.toContain('Saree Pari');
  });

  it('gives way to the app once the app has drawn the listing itself', async () => {
    addFirstPaint();
    fakeApi({
      'GET /products': { body: list },
      'GET /categories': { body: [] },
      'GET /brands': { body: [] },
    });
    renderPage(<HomePage />, { path: '/', url: '/' });
    expect(document.getElementById('first-paint')).not.toBeNull();
    await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(document.getElementById('first-paint')).toBeNull());
  });

  it('draws the filters’ options it is given, none ticked', () => {
    const catalogue = {
      categories: [{ id: 1, label: 'Sarees', value: 'sarees' }],
      brands: [{ id: 2, label: 'Nalli', value: 'Nalli' }],
    };
    render(
      <div dangerouslySetInnerHTML={{ __html: renderHomeFirstPaint(list, catalogue, DEFAULT_BRAND) }} />,
    );
    for (const name of ['Sarees', 'Nalli']) {
      const boxes = screen.getAllByRole('checkbox', { name });
      expect(boxes.length).toBeGreaterThan(0);
      expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    }
  });

  it('draws a product’s page with its picture, price and Add to Cart, the title kept as text', () => {
    const product = aProduct({
      id: 9,
      title: HOSTILE,
      price: 5000,
      discountedPrice: 4500,
      discountPercentage: 10,
    });
    const { container } = render(
      <div dangerouslySetInnerHTML={{ __html: renderProductFirstPaint(product, DEFAULT_BRAND) }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: HOSTILE })).toBeTruthy();
    expect(container.textContent).toContain('₹4,500');
    expect(screen.getAllByRole('button', { name: /Add to Cart/ }).length).toBeGreaterThan(0);
    expect(container.querySelector('img[fetchpriority="high"]')).not.toBeNull();
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
  });

  it('draws an automatic sale on the first cards and on a product’s page: its price, the usual one struck, its name', () => {
    const sale = { salePrice: 3600, sale: { name: 'Diwali Sale', endsAt: '2026-11-04T00:00:00+05:30' } };
    const onSale = aProduct({ id: 7, price: 5000, discountedPrice: 4500, discountPercentage: 10, ...sale });
    const home = render(
      <div
        dangerouslySetInnerHTML={{
          __html: renderHomeFirstPaint({ products: [onSale], totalProducts: 1 }, undefined, DEFAULT_BRAND),
        }}
      />,
    );
    const card = home.container.querySelector('article')!;
    expect(card.textContent).toContain('₹3,600, was ₹4,500');
    expect(card.querySelector('s')?.textContent).toBe('₹4,500');
    expect(card.textContent).toContain('Diwali Sale');
    home.unmount();
    const page = render(
      <div dangerouslySetInnerHTML={{ __html: renderProductFirstPaint(onSale, DEFAULT_BRAND) }} />,
    );
    expect(page.container.textContent).toContain('₹3,600, was ₹4,500');
    expect(page.container.textContent).toContain('Diwali Sale · Ends 3 Nov');
  });

  it('gives way on a product page once the product is drawn', async () => {
    addFirstPaint();
    fakeApi({
      'GET /products/9': { body: aProduct({ id: 9, title: 'Chanderi Cotton Saree' }) },
      'GET /cart': { body: [] },
    });
    renderPage(<ProductDetailPage />, { path: '/product-detail/:id', url: '/product-detail/9' });
    expect(document.getElementById('first-paint')).not.toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Chanderi Cotton Saree' });
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('gives way at once when the app shows another page than the one painted (a redirect to /login)', () => {
    addFirstPaint();
    renderPage(<Elsewhere />, { path: '/login', url: '/login' });
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('stays while the app is still on the page painted', () => {
    addFirstPaint();
    renderPage(<Elsewhere />, { path: window.location.pathname, url: window.location.pathname });
    expect(document.getElementById('first-paint')).not.toBeNull();
  });
});
