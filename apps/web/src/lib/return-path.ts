import type { Location } from 'react-router';
import type { User } from '@tribeverse/shared';
import { paths } from '../config/paths';

// Where members go around sign-in and onboarding: used by the route guards and by the sign-in and onboarding pages.

/** Where a member goes after confirming: the first onboarding step still open, else the landing route. */
export function nextOnboardingStep(user: Pick<User, 'profile_completed' | 'interests'> | null | undefined): string {
  if (!user?.profile_completed) return paths.auth.setupProfile.getHref();
  if (!user.interests?.length) return paths.auth.interestTags.getHref();
  return paths.landing.getHref();
}

/** What a guard or a sign-in hands on: the page to come back to once signed in and onboarded. */
export interface ReturnState {
  from: string;
}

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
export function afterSignIn(
  user: Pick<User, 'profile_completed' | 'interests'> | null | undefined,
  wanted: string,
): { to: string; state?: ReturnState } {
  if (!user || user.profile_completed) return { to: wanted };
  const step = nextOnboardingStep(user);
  // An onboarding page as the wanted page would only send them round again.
  const from = wanted.startsWith('/auth') ? paths.landing.getHref() : wanted;
  return step === wanted ? { to: step } : { to: step, state: { from } };
}

/** The address of a location, with its query and #hash. */
export const here = (location: Location) => location.pathname + location.search + location.hash;
