import type { User } from '@tribeverse/shared';
import { paths } from '../../../config/paths';

/** Where a member goes after confirming: the first onboarding step still open, else the landing route. */
export function nextOnboardingStep(user: Pick<User, 'profile_completed' | 'interests'> | null | undefined): string {
  if (!user?.profile_completed) return paths.auth.setupProfile.getHref();
  if (!user.interests?.length) return paths.auth.interestTags.getHref();
  return paths.landing.getHref();
}
