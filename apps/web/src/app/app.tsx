import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { checkAuth, selectUserChecked } from '../features/auth/auth-slice';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useAppDispatch, useAppSelector } from './hooks';
import { useEndFirstPaintElsewhere } from './use-end-first-paint';
import { firstPageSettled, routes } from './router';

const Toasts = lazy(() => import('./toasts'));

/** The app shell (docs/product.md, Page frame): Loading... until the session check ends, then the routes. */
export function App() {
  const dispatch = useAppDispatch();
  const checked = useAppSelector(selectUserChecked);
  // The first page's chunk loads during the session check; waiting for it too shows no second spinner.
  const [pageSettled, setPageSettled] = useState(false);
  const ready = checked && pageSettled;
  useEffect(() => {
    void dispatch(checkAuth());
    void firstPageSettled().then(() => setPageSettled(true));
  }, [dispatch]);
  return (
    <>
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
    </>
  );
}

function Routes() {
  useEndFirstPaintElsewhere();
  return useRoutes(routes);
}
