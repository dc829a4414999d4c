import { LIMITS } from '@tribeverse/shared';
import { sha256 } from '../../lib/crypto.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { FailedLoginsRepository } from './auth-failed-logins.repository.ts';

/**
 * A number of failures allowed per key within a window, the attempt charged BEFORE it is checked: past the limit
 * the attempt is refused without being checked at all (no hash work, no answer that tells right from wrong), and
 * attempts sent at once cannot all slip under the limit. The window starts with its first failure and is not
 * extended by refused attempts, so it always ends when the 429 says.
 */
export class FailureBudget {
  constructor(
    private readonly failures: FailedLoginsRepository,
    private readonly limit: { max: number; windowMs: number; refusal: (minutes: number) => string },
  ) {}

  /** Charges one failure; throws 429 (saying when to try again) if the key has none left. */
  async spend(key: string) {
    const { failures, windowStartedAt } = await this.failures.charge(key, this.limit.windowMs);
    if (failures <= this.limit.max) return;
    const remainingMs = Math.max(windowStartedAt.getTime() + this.limit.windowMs - Date.now(), 1);
    throw tooManyRequests(this.limit.refusal(Math.ceil(remainingMs / 60_000)));
  }

  /**
   * One attempt within the budget: charged first, refunded if `attempt` says it was right; false or a throw leaves
   * it counted as a failure.
   */
  async attempt(key: string, attempt: () => Promise<boolean>): Promise<boolean> {
    await this.spend(key);
    const right = await attempt();
    if (right) await this.refund(key);
    return right;
  }

  /** The attempt was right: it does not count, and nothing before it does either (as a successful sign-in). */
  clear(key: string) {
    return this.failures.clear(key);
  }

  /** The attempt was right: it does not count, but earlier failures still do. */
  refund(key: string) {
    return this.failures.refund(key);
  }
}

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** The sign-in lock's key: the address as sign-in matches it, hashed so unknown addresses are not stored. */
export const signInKey = (email: string) => sha256(email.trim().toLowerCase());

/**
 * Wrong passwords per address, wherever the password was typed: signing in or a password-checked call behind a
 * session. Past LIMITS.loginFailuresMax within the window, the address is refused everywhere, right password or not.
 */
export const signInLock = (failures: FailedLoginsRepository) =>
  new FailureBudget(failures, {
    max: LIMITS.loginFailuresMax,
    windowMs: LIMITS.loginFailureWindowMinutes * 60_000,
    refusal: (minutes) => `Too many failed sign-ins for this account. Try again in ${minutesText(minutes)}, or reset your password.`,
  });

/** Wrong second-step codes an account may take per window, whichever sign-in (or session) they came through. */
export const SECOND_STEP_FAILURES_MAX = 10;
export const SECOND_STEP_WINDOW_MINUTES = 60;

/** A distinct key in the same table: an account's second step, never mistaken for an address's password. */
const secondStepKey = (userId: number) => sha256(`totp:${userId}`);

/** Wrong second-step codes per account, counted across sign-ins (and the authenticator's calls behind a session). */
export interface SecondStepLock {
  /** One code tried for the account: see FailureBudget.attempt. */
  attempt(userId: number, attempt: () => Promise<boolean>): Promise<boolean>;
}

/**
 * Wrong second-step codes per account across sign-ins: each sign-in ends after LIMITS.codeMaxAttempts, but a new
 * one must not bring fresh guesses. At ten an hour, finding one of the three codes a window accepts out of a
 * million takes years.
 */
export function secondStepLock(failures: FailedLoginsRepository): SecondStepLock {
  const budget = new FailureBudget(failures, {
    max: SECOND_STEP_FAILURES_MAX,
    windowMs: SECOND_STEP_WINDOW_MINUTES * 60_000,
    refusal: (minutes) => `Too many wrong codes for this account. Try again in ${minutesText(minutes)}.`,
  });
  return { attempt: (userId, attempt) => budget.attempt(secondStepKey(userId), attempt) };
}
