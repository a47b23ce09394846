import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { useCheckAuthQuery } from '../features/auth/auth-api';
import { selectLoggedInUser, selectUserChecked } from '../features/auth/auth-slice';
import { useGuestCartUpkeep } from '../features/cart/use-guest-cart-upkeep';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useAppSelector } from '../lib/store-hooks';
import { BrandProvider } from './brand-provider';
import { useEndFirstPaintElsewhere } from './use-end-first-paint';
import { firstPageSettled, routes } from './router';

const Toasts = lazy(() => import('./toasts'));

/** The app shell (docs/product.md, Page frame): Loading... until the session check ends, then the routes. */
export function App() {
  useCheckAuthQuery();
  const checked = useAppSelector(selectUserChecked);
  // The first page's chunk loads during the session check; waiting for it too shows no second spinner.
  const [pageSettled, setPageSettled] = useState(false);
  const ready = checked && pageSettled;
  useEffect(() => {
    void firstPageSettled().then(() => setPageSettled(true));
  }, []);
  return (
    <BrandProvider>
      {ready ? (
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
      ) : (
        <FullScreenSpinner />
      )}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </BrandProvider>
  );
}

function Routes() {
  useEndFirstPaintElsewhere();
  useGuestCartUpkeep(useAppSelector(selectLoggedInUser) !== null);
  return useRoutes(routes);
}
