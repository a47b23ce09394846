// Issue 17: the home page's first paint, drawn on the server (apps/api/src/storefront/first-paint.ts)
// from the app's own components, so a phone shows the first cards while the scripts still download.
// Built by `vite build --ssr` into dist-ssr/; nothing here reaches the browser's bundles.
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { ITEMS_PER_PAGE } from '@shop/shared/constants';
import type { ProductList } from '@shop/shared/product';
import { HomeView } from './app/routes/home';
import { makeStore } from './app/store';

const nothing = () => {};

/** The markup of `/` showing `list` (the listing's first page) as the app would once it has loaded it. */
export function renderHomeFirstPaint(list: ProductList): string {
  return renderToString(
    <Provider store={makeStore()}>
      <StaticRouter location="/">
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
            filterProps: { sections: [], selected: { category: [], brand: [] }, onToggle: nothing },
            listTop: { current: null },
            goToPage: nothing,
            retry: nothing,
          }}
        />
      </StaticRouter>
    </Provider>,
  );
}
