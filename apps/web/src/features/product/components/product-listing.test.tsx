import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import { ProductListing, type ProductListingProps } from './product-listing';

const sections = [{ id: 'brand', name: 'Brand', options: [{ value: 'Nalli', label: 'Nalli' }] }];
const silk = aProduct({ id: 1, title: 'Kanjivaram Silk Saree' });
const cotton = aProduct({ id: 2, title: 'Chanderi Cotton Saree', deleted: true });

function renderListing(props: Partial<ProductListingProps> = {}, url = '/list') {
  return renderPage(
    <ProductListing
      admin={false}
      sections={sections}
      heading={<h1>All Products</h1>}
      renderCard={(p, i) => <a href={`/p/${p.id}`}>{`${i + 1}. ${p.title}`}</a>}
      errorTitle="We could not load the collection"
      empty={{ message: 'Try another search.' }}
      {...props}
    />,
    { path: '/list', url },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the product listing', () => {
  it('draws each product with the card the page hands it, and pages through the total', async () => {
    const { calls } = fakeApi({ 'GET /products': { body: { products: [silk, cotton], totalProducts: 30 } } });
    renderListing();
    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1. Kanjivaram Silk Saree', '2. Chanderi Cotton Saree']);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(
      'Showing 1 to 12 of 30 results',
    );
    expect(calls.find((c) => c.url.startsWith('/products?'))?.url).toContain('admin=false');
  });

  it('filters by the fabrics and occasions live products carry, kept in the URL like brands', async () => {
    const { calls } = fakeApi({
      'GET /products': { body: { products: [silk], totalProducts: 1 } },
      'GET /product-facets': { body: { fabrics: ['Cotton', 'Silk'], occasions: ['Wedding'] } },
    });
    const { router } = renderListing({}, '/list?fabric=Silk');
    const fabric = await screen.findByRole('group', { name: 'Fabric' });
    expect(within(fabric).getByRole('checkbox', { name: 'Silk' })).toHaveProperty('checked', true);
    expect(calls.find((c) => c.url.startsWith('/products?'))?.url).toContain('fabric=Silk');

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Occasion' })).getByRole('checkbox', { name: 'Wedding' }),
    );
    expect(new URLSearchParams(router.state.location.search).getAll('occasion')).toEqual(['Wedding']);
    await vi.waitFor(() => expect(calls.some((c) => /fabric=Silk.*occasion=Wedding/.test(c.url))).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('does not offer the shoppers’ detail filters on the admin list', async () => {
    const { calls } = fakeApi({ 'GET /products': { body: { products: [silk], totalProducts: 1 } } });
    renderListing({ admin: true });
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('group', { name: 'Fabric' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/product-facets'))).toBe(false);
  });

  it('asks for deleted products too on the admin list, and shows its extra actions', async () => {
    const { calls } = fakeApi({ 'GET /products': { body: { products: [cotton], totalProducts: 1 } } });
    renderListing({ admin: true, actions: <a href="/new">Add Product</a> });
    await screen.findByRole('list', { name: 'Products' });
    expect(calls[0]?.url).toContain('admin=true');
    expect(screen.getByRole('link', { name: 'Add Product' })).toBeTruthy();
  });

  it('says No products found with the page’s own message when nothing matches', async () => {
    fakeApi({ 'GET /products': { body: { products: [], totalProducts: 0 } } });
    renderListing();
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeTruthy();
    expect(screen.getByText('Try another search.')).toBeTruthy();
  });

  it('shows the search it answers with a link that clears it', async () => {
    fakeApi({ 'GET /products': { body: { products: [silk], totalProducts: 1 } } });
    const { router } = renderListing({}, '/list?search=silk&brand=Nalli');
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getByText('“silk”')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let attempts = 0;
    fakeApi({
      'GET /products': () =>
        ++attempts === 1
          ? { status: 500, body: { message: 'The shop is resting' } }
          : { body: { products: [silk], totalProducts: 1 } },
    });
    renderListing();
    expect(await screen.findByRole('heading', { name: 'We could not load the collection' })).toBeTruthy();
    expect(screen.getByText('The shop is resting')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '1. Kanjivaram Silk Saree' })).toBeTruthy();
  });
});
