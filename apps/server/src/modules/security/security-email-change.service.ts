import { ErrorCode } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import type { Member, UsersService } from '../users/users.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import { ownerProof } from '../auth/auth.service.ts';
import { emailChangeCodeMail, emailChangeNoticeMail, invalidCode, rateLimited, type CodesService } from '../codes/codes.service.ts';

export const passwordRequiredMsg = 'Enter your current password to change your email address.';
export const reauthRequiredMsg = 'Sign in again with Google or Apple, then change your email address within 10 minutes.';

/**
 * Moving an account to another address is taking it: whoever holds the address can reset the password and pass
 * two-step verification. So the change needs the password (or a fresh social sign-in), the new address proves
 * itself with a mailed code, the old address stays in force until then and is told at once.
 */
export class EmailChangeService {
  constructor(
    private readonly users: UsersService,
    private readonly codes: CodesService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly passwords: AuthApi['passwords'],
  ) {}

  /** Throws unless the caller proved to be the owner now, not merely holding a session. */
  async authorize(user: Member, currentPassword: string | undefined, signedInAt: Date): Promise<void> {
    const proof = ownerProof(user, signedInAt);
    if (proof === 'sign-in-again') throw new AppError(403, ErrorCode.REAUTH_REQUIRED, reauthRequiredMsg);
    if (proof === 'password') {
      if (!currentPassword) throw badRequest(passwordRequiredMsg, ErrorCode.PASSWORD_REQUIRED, 'currentPassword');
      await this.passwords.check(user.id, currentPassword, { field: 'currentPassword' });
    }
  }

  /**
   * Records the new address as pending and mails it a code. Answered alike whether or not another account has the
   * address: only the mailbox's owner, holding the code, learns that.
   */
  async start(user: Member, newEmail: string): Promise<Member> {
    const { allowed, resendIn } = await this.codes.mayIssue(user.id, 'email_change');
    if (!allowed) throw rateLimited(resendIn);
    const updated = await this.users.update(user.id, { pendingEmail: newEmail });
    const code = await this.codes.issue(user.id, 'email_change');
    const onError = (err: unknown) => this.log.error({ err, userId: user.id }, 'email change mail could not be sent');
    this.mailer.sendInBackground(emailChangeCodeMail(newEmail, code), onError);
    this.mailer.sendInBackground(emailChangeNoticeMail(user.email, newEmail), onError);
    return updated;
  }

  async confirm(user: Member, code: string): Promise<Member> {
    if (!user.pendingEmail) throw invalidCode();
    await this.codes.verify(user.id, 'email_change', code);
    try {
      // The new address proved itself with the code: it is confirmed.
      return await this.users.update(user.id, { email: user.pendingEmail, pendingEmail: null, isConfirmed: true });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_idx')) {
        await this.users.update(user.id, { pendingEmail: null });
        throw conflict('This email is already in use by another account.', ErrorCode.EMAIL_TAKEN, 'email');
      }
      throw error;
    }
  }

  async cancel(user: Member): Promise<Member> {
    return user.pendingEmail ? this.users.update(user.id, { pendingEmail: null }) : user;
  }
}
