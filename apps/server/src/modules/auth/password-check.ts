import { verify } from '@node-rs/argon2';
import { TwoStepErrorCode } from '@tribeverse/shared';
import { badRequest, conflict } from '../../lib/errors.ts';

export const wrongPasswordMsg = 'Wrong password.';
export const noPasswordMsg =
  'Two-step verification protects signing in with a password. You sign in with Google or Apple, which keep their own.';

/** Sensitive changes ask for the password: a session left open must not be enough. */
export async function assertPassword(user: { passwordHash: string | null }, password: string, noPassword = noPasswordMsg) {
  if (!user.passwordHash) throw conflict(noPassword, TwoStepErrorCode.NO_PASSWORD);
  if (!(await verify(user.passwordHash, password))) throw badRequest(wrongPasswordMsg, TwoStepErrorCode.WRONG_PASSWORD, 'password');
}
