import { ErrorCode } from '@tribeverse/shared';
import { AppError } from '../../lib/errors.ts';
import type { WriterStatus } from '../users/users.service.ts';

export const PROFILE_INCOMPLETE_MSG = 'Set up your profile (user name, country and gender) before posting or chatting.';
export const EMAIL_NOT_CONFIRMED_MSG =
  'Confirm your email address before posting, commenting or chatting: enter the code we mailed you (or ask for a new one).';

/**
 * The 'writer' rule. Posting, commenting and chatting show the author to others, so a member may write only with
 * a confirmed email (a throwaway address cannot spam) and a set-up profile (name and user name to show); until then
 * they may read and finish onboarding.
 */
export function assertMayWrite(status: WriterStatus | null) {
  if (!status?.isConfirmed) throw new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, EMAIL_NOT_CONFIRMED_MSG);
  if (!status.profileCompletedAt) throw new AppError(403, ErrorCode.PROFILE_INCOMPLETE, PROFILE_INCOMPLETE_MSG);
}

/** How recent a Google/Apple sign-in must be to stand in for the password those accounts do not have. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * What proves the caller owns the account now, not merely holds a session (moving it to another address, deleting
 * it): its password; for an account without one (Google/Apple only), a session its sign-in opened within
 * FRESH_SIGN_IN_MS, else they must sign in again. A session left open is never enough.
 */
export function ownerProof(account: { passwordHash: string | null }, signedInAt: Date | null, now = Date.now()) {
  if (account.passwordHash) return 'password' as const;
  return signedInAt && now - signedInAt.getTime() <= FRESH_SIGN_IN_MS ? ('recent-sign-in' as const) : ('sign-in-again' as const);
}
