import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { afterSignIn, here, nextOnboardingStep, returnPath, type ReturnState } from '../lib/return-path';
import { useAuth } from '../lib/auth';
import { NotFoundPage } from './routes/not-found';

/**
 * Protected routes: signed-out visitors go to login, and come back here after signing in. With `member`, a
 * signed-in member who has not set up their profile finishes onboarding first, then comes back here.
 */
export function RequireAuth({ children, member = false }: { children: ReactNode; member?: boolean }) {
  const { isSignedIn, user } = useAuth();
  const location = useLocation();
  if (!isSignedIn) {
    return <Navigate to={paths.auth.login.getHref()} replace state={{ from: here(location) } satisfies ReturnState} />;
  }
  if (member && user && !user.profile_completed) {
    return <Navigate to={nextOnboardingStep(user)} replace state={{ from: here(location) } satisfies ReturnState} />;
  }
  return children;
}

/**
 * Login and register are for visitors: a member who opens them while signed in is sent on (a second sign-in would
 * orphan the first session). Judged on arrival only: signing in on the page itself navigates from there.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { isSignedIn, user } = useAuth();
  const location = useLocation();
  const arrival = useRef<{ path: string; signedIn: boolean } | null>(null);
  if (arrival.current?.path !== location.pathname) arrival.current = { path: location.pathname, signedIn: isSignedIn };
  if (!arrival.current.signedIn || !isSignedIn) return children;
  const { to, state } = afterSignIn(user, returnPath(location.state));
  return <Navigate to={to} replace state={state} />;
}

/**
 * The admin area: its admins and moderators see it; everyone else, signed in or not, gets the app's Not found, the
 * same as for an address that does not exist (no sign-in redirect that would tell it is there).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { isSignedIn, user } = useAuth();
  if (!isSignedIn || !user?.instance_role) return <NotFoundPage />;
  return children;
}
