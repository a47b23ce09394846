import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render } from '@testing-library/react';
import type { User } from '@shop/shared/user';
import { BrandProvider } from '../app/brand-provider';
import { authSlice } from '../features/auth/auth-slice';
import { makeStore, type RootState } from '../lib/store';

export interface PageSetup {
  /** The route pattern the page is mounted on, e.g. `/product-detail/:id`. */
  path: string;
  /** Where the test starts, e.g. `/product-detail/1`. */
  url: string;
  /** State the store starts with (the signed-in user, a chosen order…). */
  state?: Partial<RootState>;
  /** Other routes the page may send the visitor to; each shows a heading named after its path. */
  elsewhere?: readonly string[];
  /** Other real pages the journey goes through (signup, then login). */
  pages?: readonly { path: string; element: ReactNode }[];
}

/**
 * Renders a page as the app does: a real store, the brand, a router and the toasts. Pages the visitor is sent
 * to show a heading `Page at {path}`, so a test can see where it landed.
 */
export function renderPage(page: ReactNode, { path, url, state, elsewhere = [], pages = [] }: PageSetup) {
  const store = makeStore(state);
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...pages,
      ...elsewhere.map((p) => ({ path: p, element: <h1>Page at {p}</h1> })),
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <BrandProvider>
        <RouterProvider router={router} />
      </BrandProvider>
      <ToastContainer />
    </Provider>,
  );
  return { store, router };
}

/** The store's auth state once `user` has signed in and the session check has ended. */
export function signedInAs(user: User): Pick<RootState, 'auth'> {
  return { auth: { ...authSlice.getInitialState(), loggedInUserToken: user, userChecked: true } };
}
