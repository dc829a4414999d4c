import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import type { User } from '@tribeverse/shared';
import { paths } from '../config/paths';
import { nextOnboardingStep } from '../features/auth/hooks/next-step';
import { useAuth } from '../lib/auth';

/** What a guard or a sign-in hands on: the page to come back to once signed in and onboarded. */
export interface ReturnState {
  from: string;
}

const here = (location: Location) => location.pathname + location.search + location.hash;

// Onboarding pages are fine places to come back to (a member sent to login from one continues there).
const RETURNABLE_AUTH_PAGES: string[] = [paths.auth.confirmAccount, paths.auth.setupProfile, paths.auth.interestTags].map((p) => p.path);

/** Where to go after signing in: back to the page that sent us to login (with its query and #hash), else the landing route. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.landing.getHref();
  const pathname = from.split(/[?#]/)[0]!;
  if (pathname.startsWith('/auth') && !RETURNABLE_AUTH_PAGES.includes(pathname)) return paths.landing.getHref();
  return from;
}

/**
 * Where a member goes right after signing in: a member without a profile sets it up first (their wanted page is
 * kept in the state for after onboarding); everyone else goes where they were going.
 */
export function afterSignIn(user: Pick<User, 'profile_completed' | 'interests'> | null | undefined, wanted: string): { to: string; state?: ReturnState } {
  if (!user || user.profile_completed) return { to: wanted };
  const step = nextOnboardingStep(user);
  // An onboarding page as the wanted page would only send them round again.
  const from = wanted.startsWith('/auth') ? paths.landing.getHref() : wanted;
  return step === wanted ? { to: step } : { to: step, state: { from } };
}

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
