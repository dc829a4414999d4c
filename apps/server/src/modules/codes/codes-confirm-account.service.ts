import { LIMITS } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.ts';
import { conflict } from '../../lib/errors.ts';
import type { Member, UsersService } from '../users/users.service.ts';
import { rateLimited, type CodesService } from './codes.service.ts';
import { confirmAccountMail } from './codes-mails.ts';

/** Proves the member owns their mailbox: a code mailed at sign-up (and after an email change), entered in the app. */
export class ConfirmAccountService {
  constructor(
    private readonly users: UsersService,
    private readonly codes: CodesService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async status(user: Member) {
    return {
      is_confirmed: user.isConfirmed,
      resend_in: user.isConfirmed ? 0 : await this.codes.resendIn(user.id, 'confirm'),
    };
  }

  /**
   * Mails a fresh code without making sign-up (or a resend) wait for the mail server. Mail trouble is logged, not
   * thrown: the account exists and 'Resend code' can retry.
   */
  async sendCode(user: Member): Promise<void> {
    const code = await this.codes.issue(user.id, 'confirm');
    this.mailer.sendInBackground(confirmAccountMail(user.email, code), (err) =>
      this.log.error({ err, userId: user.id }, 'confirmation mail could not be sent'),
    );
  }

  async resend(user: Member) {
    if (user.isConfirmed) throw conflict('Your account is already confirmed.');
    const { allowed, resendIn } = await this.codes.mayIssue(user.id, 'confirm');
    if (!allowed) throw rateLimited(resendIn);
    // In the background as at sign-up: a mail server failing (or slow) never turns 'Resend code' into an error
    // page. If the mail is lost, the countdown lets the member ask again.
    await this.sendCode(user);
    return { message: `We sent a new code to ${user.email}.`, resend_in: LIMITS.codeResendSeconds };
  }

  async confirm(user: Member, code: string): Promise<Member> {
    // Already confirmed (e.g. in another tab): nothing left to check.
    if (user.isConfirmed) return user;
    await this.codes.verify(user.id, 'confirm', code);
    return this.users.update(user.id, { isConfirmed: true });
  }
}
