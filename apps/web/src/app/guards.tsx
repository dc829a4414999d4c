import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';

/** Protected routes: signed-out visitors go to login, and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  if (!isSignedIn) {
    return <Navigate to={paths.auth.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}

/** Where to go after signing in: back to the protected page that sent us to login, else the landing route. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth')
    ? from
    : paths.landing.getHref();
}
