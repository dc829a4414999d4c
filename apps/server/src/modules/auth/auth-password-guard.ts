import { verify } from '@node-rs/argon2';
import { ErrorCode, TwoStepErrorCode } from '@tribeverse/shared';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { Member, UsersService } from '../users/users.service.ts';
import { signInKey, type FailureBudget } from './auth-failure-budget.ts';

export const wrongPasswordMsg = 'Wrong password.';
export const noPasswordMsg =
  'Two-step verification protects signing in with a password. You sign in with Google or Apple, which keep their own.';

export interface PasswordCheckOptions {
  /** The request's field the password came in, named in the wrong-password answer. */
  field?: string;
  /** What an account without a password (Google/Apple only) is told. */
  noPassword?: string;
}

/**
 * The one check of a member's password behind a session (sensitive changes ask for it: a session left open must not
 * be enough). It spends the sign-in lock's budget of the account's address, so a session is no way around that
 * lock: wrong passwords here count toward it, and a locked address is refused here too, before any hash work.
 * Callers check everything else about the request first (its target, the account's state), so the answer tells
 * nothing about the password but 'wrong', always the same.
 */
export class PasswordGuard {
  constructor(
    private readonly users: UsersService,
    private readonly lock: FailureBudget,
  ) {}

  async check(userId: number, password: string, options: PasswordCheckOptions = {}): Promise<Member> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthorized();
    if (!user.passwordHash) throw conflict(options.noPassword ?? noPasswordMsg, TwoStepErrorCode.NO_PASSWORD);
    const key = signInKey(user.email);
    await this.lock.spend(key);
    if (!(await verify(user.passwordHash, password)))
      throw badRequest(wrongPasswordMsg, ErrorCode.WRONG_PASSWORD, options.field ?? 'password');
    await this.lock.clear(key);
    return user;
  }
}
