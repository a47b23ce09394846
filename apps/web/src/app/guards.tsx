import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectLoggedInUser } from '../features/auth/auth-slice';
import { returnPathOf, withReturnPath } from '../features/auth/return-path';
import { paths } from '../config/paths';
import { useAppSelector } from './hooks';

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

/** Admin pages: signed-out visitors to /login, signed-in non-admins to /. */
export function ProtectedAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (!user) return <Navigate to={paths.login} replace />;
  if (user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}

/** A signed-in user visiting login (or signup) goes to / — or to the page the sign-in was for (`?next=`). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  const { search } = useLocation();
  if (user) return <Navigate to={returnPathOf(search) ?? paths.home} replace />;
  return children;
}
