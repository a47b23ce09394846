import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectLoggedInUser } from '../features/auth/auth-slice';
import { paths } from '../config/paths';
import { useAppSelector } from './hooks';

/** SPEC §2 guards: shopper pages send signed-out visitors to /login. */
export function Protected({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (!user) return <Navigate to={paths.login} replace />;
  return children;
}

/** Admin pages: signed-out visitors to /login, signed-in non-admins to /. */
export function ProtectedAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (!user) return <Navigate to={paths.login} replace />;
  if (user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}

/** A signed-in user visiting login (or signup) goes to /. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  if (user) return <Navigate to={paths.home} replace />;
  return children;
}
