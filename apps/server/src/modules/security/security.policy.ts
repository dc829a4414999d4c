import { TwoStepErrorCode } from '@tribeverse/shared';
import { conflict } from '../../lib/errors.ts';
import { noPasswordMsg } from '../auth/auth.service.ts';
import type { Member } from '../users/users.service.ts';

export const notConfirmedMsg = 'Confirm your email address first: the sign-in codes are sent there.';

/** Who may have sign-in codes mailed: an account whose address is confirmed (the codes go there). */
export function assertMayMailSignInCodes(user: Pick<Member, 'isConfirmed'>) {
  if (!user.isConfirmed) throw conflict(notConfirmedMsg, TwoStepErrorCode.EMAIL_NOT_CONFIRMED);
}

/**
 * Who may turn two-step verification on or off: an account with a password, since it protects password sign-in
 * (Google and Apple run their own); to turn it on, a confirmed address as well. Said before the password is checked.
 */
export function assertMayToggleTwoStep(user: Pick<Member, 'passwordHash' | 'isConfirmed'>, enabled: boolean) {
  if (!user.passwordHash) throw conflict(noPasswordMsg, TwoStepErrorCode.NO_PASSWORD);
  if (enabled) assertMayMailSignInCodes(user);
}
