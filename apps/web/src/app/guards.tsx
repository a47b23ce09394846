import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectLoggedInUser } from '../features/auth/auth-slice';
import { returnPathOf, withReturnPath } from '../features/auth/return-path';
import { worksInAdmin } from '@shop/shared/constants';
import { paths } from '../config/paths';
import { useAppSelector } from '../lib/store-hooks';

/**
 * docs/product.md, Routes: shopper pages send signed-out visitors to /login, carrying the page (`?next=`)
 * so that a shared product link opens that product once they have signed in.
 */
export function Protected({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  const { pathname, search, hash } = useLocation();
  if (!user) return <Navigate to={withReturnPath(paths.login, pathname + search + hash)} replace />;
  return children;
}

/** The admin area: the owner (role admin) and staff (docs/product.md, Staff). */
export function ProtectedAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (!user) return <Navigate to={paths.login} replace />;
  if (!worksInAdmin(user.role)) return <Navigate to={paths.home} replace />;
  return children;
}

/** The owner's pages (settings, shop pages, staff): staff go back to their dashboard, as the API answers them 403. */
export function ProtectedOwner({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (!user) return <Navigate to={paths.login} replace />;
  if (user.role !== 'admin') return <Navigate to={worksInAdmin(user.role) ? paths.adminDashboard : paths.home} replace />;
  return children;
}

/** Signing in here, the form moves on by itself (an admin to the dashboard): the guard must not race it. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  const { search } = useLocation();
  const [signedInOnArrival] = useState(user !== null);
  if (user && signedInOnArrival) return <Navigate to={returnPathOf(search) ?? paths.home} replace />;
  return children;
}
