import { hash } from '@node-rs/argon2';
import { ErrorCode, LIMITS, type SendResetCodeResponse } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import { codeExpired, CODES_PER_HOUR, invalidCode, tooManyTries, type CodesService } from './codes.service.ts';
import { passwordResetMail } from './codes-mails.ts';
import type { ResetRequestRow, ResetRequestsRepository } from './codes-reset-requests.repository.ts';
import type { ResetTokensRepository } from './codes-reset-tokens.repository.ts';

/** A reset token lives long enough to type a new password twice, not longer. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

export const resetCodeSentMsg = 'If an account exists for this address, we sent it a code.';
export const invalidResetTokenMsg = 'This reset link is invalid or has expired. Please request a new code.';
export const resetCodeWaitMsg = (seconds: number) =>
  `A code was asked for moments ago. Please wait ${seconds} seconds before asking for a new one.`;
export const resetCodeHourlyLimitMsg = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many codes were asked for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

const HOUR_MS = 3_600_000;
const SEND_RULES = { cooldownMs: LIMITS.codeResendSeconds * 1000, windowMs: HOUR_MS, maxPerWindow: CODES_PER_HOUR };

/** The per-address key: the address as the account lookup matches it, hashed so unknown addresses are not stored. */
const emailKey = (email: string) => sha256(email.trim().toLowerCase());
const secondsUntil = (ms: number) => Math.max(0, Math.ceil((ms - Date.now()) / 1000));

/** What an address's request row says, the same whether or not an account has the address. */
function answer(row: ResetRequestRow, sentNow: boolean): SendResetCodeResponse {
  const expires_in = secondsUntil(row.lastSentAt.getTime() + LIMITS.codeTtlSeconds * 1000);
  const cooldown = secondsUntil(row.lastSentAt.getTime() + SEND_RULES.cooldownMs);
  const windowEnd = row.windowStartedAt.getTime() + SEND_RULES.windowMs;
  const windowFull = row.sentInWindow >= SEND_RULES.maxPerWindow && windowEnd > Date.now();
  const resend_in = windowFull ? Math.max(cooldown, secondsUntil(windowEnd)) : cooldown;
  if (sentNow) return { status: 'sent', message: resetCodeSentMsg, resend_in, expires_in };
  if (windowFull) return { status: 'hourly_limit', message: resetCodeHourlyLimitMsg(resend_in), resend_in, expires_in };
  return { status: 'wait', message: resetCodeWaitMsg(resend_in), resend_in, expires_in };
}

/** Forgotten password: mailed code, then a single-use token, then a new password that ends every session. */
export class PasswordResetService {
  constructor(
    private readonly users: UsersService,
    private readonly codes: CodesService,
    private readonly tokens: ResetTokensRepository,
    private readonly requests: ResetRequestsRepository,
    private readonly auth: AuthApi['accounts'],
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The cooldown and the hourly cap are kept per address string, whether or not an account has it, and the
   * answer is worked out from that alone: it says honestly when another code may be asked for without telling
   * strangers which addresses have accounts.
   */
  async sendCode(email: string): Promise<SendResetCodeResponse> {
    const key = emailKey(email);
    const claimed = await this.requests.claim(key, SEND_RULES);
    // Refused: the row is there, as it was (rows are never deleted).
    if (!claimed) return answer((await this.requests.find(key))!, false);
    // The member's code is made and mailed after the answer, not before it: the answer takes as long for an
    // address with an account as for one without, so its timing tells nobody which addresses are members.
    void this.mailCodeIfMember(email).catch((err: unknown) => this.log.error({ err }, 'password reset code could not be issued'));
    return answer(claimed, true);
  }

  private async mailCodeIfMember(email: string) {
    const user = await this.users.findByEmail(email);
    if (user) await this.mailCode(user.id, user.email);
  }

  private async mailCode(userId: number, address: string) {
    const code = await this.codes.issue(userId, 'reset');
    // Not awaited, and a failure is logged rather than answered: neither how long the answer takes nor an error
    // may tell strangers which addresses have an account.
    this.mailer.sendInBackground(passwordResetMail(address, code), (err) =>
      this.log.error({ err, userId }, 'password reset mail could not be sent'),
    );
  }

  async verifyCode(email: string, code: string): Promise<{ resetToken: string }> {
    const user = await this.users.findByEmail(email);
    if (!user) return this.refuseWithoutAccount(email);
    await this.codes.verify(user.id, 'reset', code);
    const resetToken = randomToken();
    await this.tokens.replace(user.id, sha256(resetToken), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    return { resetToken };
  }

  /**
   * Refuses a code for an address no account has exactly as a real code would be refused (CodesService.verify:
   * no code, dead after five wrong tries, expired after 180 s), from the address's request row: otherwise a
   * stranger could ask for a code and tell members by which refusal comes back.
   */
  private async refuseWithoutAccount(email: string): Promise<never> {
    const key = emailKey(email);
    const row = await this.requests.find(key);
    if (!row) throw invalidCode();
    if (row.wrongTries >= LIMITS.codeMaxAttempts) throw tooManyTries();
    if (row.lastSentAt.getTime() + LIMITS.codeTtlSeconds * 1000 <= Date.now()) throw codeExpired();
    const tries = await this.requests.recordWrongTry(key, LIMITS.codeMaxAttempts);
    if (tries === null || tries >= LIMITS.codeMaxAttempts) throw tooManyTries();
    throw invalidCode();
  }

  async resetPassword(resetToken: string, password: string): Promise<void> {
    const userId = resetToken ? await this.tokens.consume(sha256(resetToken)) : null;
    if (userId === null) throw badRequest(invalidResetTokenMsg, ErrorCode.INVALID_RESET_TOKEN);
    // The code reached their mailbox, so the address is proven as well.
    const user = await this.users.update(userId, { passwordHash: await hash(password), isConfirmed: true });
    await this.auth.passwordChanged(user);
    await this.tokens.deleteExpired();
  }
}
