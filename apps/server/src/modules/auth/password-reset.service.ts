import { hash } from '@node-rs/argon2';
import { ErrorCode } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { UsersRepository } from '../profile/users.repository.ts';
import type { AuthService } from './auth.service.ts';
import type { CodesService } from './codes.service.ts';
import { passwordResetMail } from './mail-templates.ts';
import type { ResetTokensRepository } from './reset-tokens.repository.ts';

/** A reset token lives long enough to type a new password twice, not longer. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

export const resetCodeSentMsg = 'If an account exists for this address, we sent it a code.';
export const invalidResetTokenMsg = 'This reset link is invalid or has expired. Please request a new code.';

/** Forgotten password: mailed code, then a single-use token, then a new password that ends every session. */
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: CodesService,
    private readonly tokens: ResetTokensRepository,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Same answer whether or not the account exists. Within the per-address cooldown or past the hourly cap the
   * mail is quietly not sent: a different answer would tell strangers which addresses have accounts.
   */
  async sendCode(email: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    if (!user) return { message: resetCodeSentMsg };
    const { allowed } = await this.codes.mayIssue(user.id, 'reset');
    if (!allowed) {
      this.log.info({ userId: user.id }, 'reset code not sent: per-address limit');
      return { message: resetCodeSentMsg };
    }
    const code = await this.codes.issue(user.id, 'reset');
    try {
      await this.mailer.send(passwordResetMail(user.email, code));
    } catch (err) {
      // Logged, not answered: an error only for real accounts would tell strangers which addresses have one.
      this.log.error({ err, userId: user.id }, 'password reset mail could not be sent');
    }
    return { message: resetCodeSentMsg };
  }

  async verifyCode(email: string, code: string): Promise<{ resetToken: string }> {
    const user = await this.users.findByEmail(email);
    await this.codes.verify(user?.id ?? null, 'reset', code);
    const resetToken = randomToken();
    await this.tokens.replace(user!.id, sha256(resetToken), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    return { resetToken };
  }

  async resetPassword(resetToken: string, password: string): Promise<void> {
    const userId = resetToken ? await this.tokens.consume(sha256(resetToken)) : null;
    if (userId === null) throw badRequest(invalidResetTokenMsg, ErrorCode.INVALID_RESET_TOKEN);
    // The code reached their mailbox, so the address is proven as well.
    const user = await this.users.update(userId, { passwordHash: await hash(password), isConfirmed: true });
    await this.auth.revokeAll(userId);
    await this.auth.clearFailedLogins(user.email);
    await this.tokens.deleteExpired();
  }
}
