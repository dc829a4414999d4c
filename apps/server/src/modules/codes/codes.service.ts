import crypto from 'node:crypto';
import { ErrorCode, LIMITS } from '@tribeverse/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';
import type { CodePurpose, CodesRepository } from './codes.repository.ts';

// The mails that carry a code, for the modules that send their own (security: two-step and email change).
export { emailChangeCodeMail, emailChangeNoticeMail, twoStepMail } from './codes-mails.ts';

/** At most this many codes of one purpose are mailed per hour: to one account (confirm) or one address (reset). */
export const CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export const invalidCodeMsg = 'Invalid code. Please try again.';
export const tooManyTriesMsg = 'Too many wrong tries. Request a new code.';
export const codeExpiredMsg = 'This code has expired. Request a new code.';

// The three refusals of a code, shared with the stand-in for addresses no account has (password reset).
export const invalidCode = () => badRequest(invalidCodeMsg, ErrorCode.INVALID_CODE, 'code');
export const tooManyTries = () => badRequest(tooManyTriesMsg, ErrorCode.TOO_MANY_ATTEMPTS, 'code');
export const codeExpired = () => badRequest(codeExpiredMsg, ErrorCode.CODE_EXPIRED, 'code');

// Bound to the account and purpose, so a hash from one row says nothing about another.
const hashCode = (userId: number, purpose: CodePurpose, code: string) => sha256(`${userId}:${purpose}:${code}`);

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The rules every mailed code follows: six digits, 180 s, five wrong tries, one live code per purpose. */
export class CodesService {
  constructor(private readonly codes: CodesRepository) {}

  /** Seconds until another code of this purpose may be mailed (0: now). */
  async resendIn(userId: number, purpose: CodePurpose): Promise<number> {
    const newest = await this.codes.findNewest(userId, purpose);
    if (!newest) return 0;
    const elapsed = (Date.now() - newest.createdAt.getTime()) / 1000;
    return Math.max(0, Math.ceil(LIMITS.codeResendSeconds - elapsed));
  }

  /** Whether a code of this purpose is out and may still be used. */
  async hasLive(userId: number, purpose: CodePurpose): Promise<boolean> {
    const row = await this.codes.findNewest(userId, purpose);
    return !!row && !row.consumedAt && row.attempts < LIMITS.codeMaxAttempts && row.expiresAt.getTime() > Date.now();
  }

  /** Whether the per-account cooldown and hourly cap allow another code now. */
  async mayIssue(userId: number, purpose: CodePurpose): Promise<{ allowed: boolean; resendIn: number }> {
    const resendIn = await this.resendIn(userId, purpose);
    if (resendIn > 0) return { allowed: false, resendIn };
    const lastHour = await this.codes.countCreatedSince(userId, purpose, new Date(Date.now() - HOUR_MS));
    return { allowed: lastHour < CODES_PER_HOUR, resendIn: 0 };
  }

  /** A new code, replacing the previous one; the caller mails it and must never log or return it. */
  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const code = randomDigits(LIMITS.otpLength);
    await this.codes.replace({
      userId,
      purpose,
      codeHash: hashCode(userId, purpose, code),
      expiresAt: new Date(Date.now() + LIMITS.codeTtlSeconds * 1000),
    });
    return code;
  }

  /**
   * Uses up the code if it is right; otherwise throws INVALID_CODE, CODE_EXPIRED or TOO_MANY_ATTEMPTS. The wrong
   * try that uses up the last try already answers TOO_MANY_ATTEMPTS: the code is dead, and saying 'try again'
   * would send the member to type the right code into a dead one.
   */
  async verify(userId: number | null, purpose: CodePurpose, code: string): Promise<void> {
    const row = userId === null ? null : await this.codes.findNewest(userId, purpose);
    if (!row || row.consumedAt) throw invalidCode();
    if (row.attempts >= LIMITS.codeMaxAttempts) throw tooManyTries();
    if (row.expiresAt.getTime() <= Date.now()) throw codeExpired();
    if (!sameHash(row.codeHash, hashCode(row.userId, purpose, code))) {
      const attempts = await this.codes.recordWrongTry(row.id, LIMITS.codeMaxAttempts);
      if (attempts === null || attempts >= LIMITS.codeMaxAttempts) throw tooManyTries();
      throw invalidCode();
    }
    if (!(await this.codes.consume(row.id, LIMITS.codeMaxAttempts))) {
      // Lost a race with another request (used, retired or last try spent meanwhile).
      throw invalidCode();
    }
  }
}

export const rateLimited = (resendIn: number) =>
  new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    resendIn > 0
      ? `Please wait ${resendIn} seconds before asking for a new code.`
      : 'Too many codes were sent to this address. Please try again in an hour.',
  );
