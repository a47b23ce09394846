// The first paint of the home page and of a product page, drawn on the server
// (apps/api/src/storefront/first-paint.ts) from the app's own components, so a phone shows the first
// cards, or the product, while the scripts still download.
// Built by `vite build --ssr` into dist-ssr/; nothing here reaches the browser's bundles.
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import type { ShopBrand } from '@shop/shared/brand';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import type { Option } from '@shop/shared/catalog';
import type { Product, ProductList } from '@shop/shared/product';
import type { ReactNode } from 'react';
import { HomeView } from './app/routes/home';
import { ProductDetailView } from './app/routes/product-detail';
import { filterSections } from './app/use-filter-sections';
import { paths } from './config/paths';
import { BrandContext } from './lib/brand';
import { makeStore } from './lib/store';

/**
 * A page as the app draws it at `location`, signed out (the top bar has no one's name or cart yet),
 * in the shop's `brand` (there is no served page to read it from here).
 */
function still(location: string, page: ReactNode, brand: ShopBrand): string {
  return renderToString(
    <Provider store={makeStore()}>
      <BrandContext.Provider value={brand}>
        <StaticRouter location={location}>{page}</StaticRouter>
      </BrandContext.Provider>
    </Provider>,
  );
}

const nothing = () => {};

/**
 * The markup of `/` showing `list` (the listing's first page) and the filters' options in use, as
 * the app would once it has loaded them.
 */
export function renderHomeFirstPaint(
  list: ProductList,
  catalogue: { categories: readonly Option[]; brands: readonly Option[] } = { categories: [], brands: [] },
  brand: ShopBrand,
): string {
  return still(
    '/',
    <HomeView
      listing={{
        products: list.products,
        totalItems: list.totalProducts,
        loading: false,
        error: null,
        search: '',
        page: 1,
        pageSize: ITEMS_PER_PAGE,
        sortKey: null,
        setSort: nothing,
        filterProps: {
          sections: filterSections(catalogue.categories, catalogue.brands),
          selected: { category: [], brand: [] },
          onToggle: nothing,
        },
        listTop: { current: null },
        goToPage: nothing,
        retry: nothing,
      }}
    />,
    brand,
  );
}

/** The markup of a product's page, its colour and size still unchosen, as the app first draws it. */
export function renderProductFirstPaint(product: Product, brand: ShopBrand): string {
  return still(paths.productDetail(product.id), <ProductDetailView product={product} guest />, brand);
}
