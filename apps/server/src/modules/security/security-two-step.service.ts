import { LIMITS, TwoStepErrorCode, type TwoStepChallenge, type TwoStepStatus } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Member, UsersService } from '../users/users.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { SecondStep, SessionOrigin } from '../auth/auth.service.ts';
import { invalidCode, rateLimited, tooManyTries, twoStepMail, type CodesService } from '../codes/codes.service.ts';
import { assertMayMailSignInCodes, assertMayToggleTwoStep } from './security.policy.ts';
import type { TotpService } from './security-totp.service.ts';
import { totpInvalid } from './security-totp.service.ts';
import type { ChallengeRow, TwoStepChallengesRepository } from './security-two-step.repository.ts';

/** Long enough to fetch the mail, wait out a resend and type a second code; not a way around the password. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

export const challengeInvalidMsg = 'This sign-in has expired. Please sign in again.';

const challengeInvalid = () => badRequest(challengeInvalidMsg, TwoStepErrorCode.CHALLENGE_INVALID, 'challenge_token');

/** 'jane@example.com' → 'j•••@example.com': enough to recognise one's own address, not to learn a stranger's. */
export function emailHint(email: string) {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/**
 * Two-step verification: with it on, the right password earns a single-use challenge and a code mailed to the
 * member's confirmed address; the challenge and the code together earn the session. Social sign-in is untouched.
 */
export class TwoStepService implements SecondStep {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthApi['accounts'],
    private readonly codes: CodesService,
    private readonly challenges: TwoStepChallengesRepository,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly totp: TotpService,
    private readonly passwords: AuthApi['passwords'],
    /** Wrong codes per account, across sign-ins (and the authenticator's own calls behind a session). */
    private readonly secondStepLock: AuthApi['secondStepLock'],
  ) {}

  status(user: Member): TwoStepStatus {
    return { enabled: user.twoStepEnabled, has_password: !!user.passwordHash, email_confirmed: user.isConfirmed };
  }

  /**
   * Google/Apple-only accounts are refused: they have no password sign-in for a second step to protect, and their
   * provider runs its own. Both directions ask for the password, so a session left open cannot change it; what
   * else may refuse the change is said first, whatever the password.
   */
  async setEnabled(user: Member, enabled: boolean, password: string): Promise<TwoStepStatus> {
    assertMayToggleTwoStep(user, enabled);
    await this.passwords.check(user.id, password);
    const updated = user.twoStepEnabled === enabled ? user : await this.users.update(user.id, { twoStepEnabled: enabled });
    await this.challenges.deleteForUser(user.id);
    return this.status(updated);
  }

  /** After the right password: a challenge if the member has a second step on (a mailed code or the app's). */
  async challenge(user: Member, remember: boolean, meta: SessionOrigin): Promise<TwoStepChallenge | null> {
    const authenticator = await this.totp.isEnabled(user.id);
    if (!user.twoStepEnabled && !authenticator) return null;
    const token = randomToken();
    await this.challenges.create({
      userId: user.id,
      tokenHash: sha256(token),
      remember,
      userAgent: meta.userAgent,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    });
    const hint = emailHint(user.email);
    if (authenticator) {
      // The app's code is asked for first; a mailed code only when the member asks for one (resend).
      return {
        two_step: true,
        method: 'authenticator',
        email_fallback: user.isConfirmed,
        challenge_token: token,
        email_hint: hint,
        message: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
        resend_in: await this.codes.resendIn(user.id, 'two_step'),
        expires_in: LIMITS.codeTtlSeconds,
        challenge_expires_in: CHALLENGE_TTL_SECONDS,
      };
    }
    // Signing in again moments later reuses the code already on its way rather than flooding the mailbox.
    const { allowed, resendIn } = await this.codes.mayIssue(user.id, 'two_step');
    if (allowed) await this.mailCode(user);
    return {
      two_step: true,
      method: 'email',
      email_fallback: true,
      challenge_token: token,
      email_hint: hint,
      message: allowed ? `We mailed a 6-digit code to ${hint}.` : `Enter the code we mailed to ${hint} moments ago.`,
      resend_in: allowed ? LIMITS.codeResendSeconds : resendIn,
      expires_in: LIMITS.codeTtlSeconds,
      challenge_expires_in: CHALLENGE_TTL_SECONDS,
    };
  }

  endPending(userId: number) {
    return this.challenges.deleteForUser(userId);
  }

  /**
   * `origin`: the request entering the code, which completes the sign-in (its address gives the place). Every code
   * tried counts against the account's second-step budget, whichever sign-in it came through: a new sign-in brings
   * no fresh guesses, and once the budget is gone the code is not even looked at until the window ends.
   */
  async verify(challengeToken: string, code: string, origin: SessionOrigin = {}) {
    const challenge = await this.challenges.findLive(sha256(challengeToken));
    if (!challenge) throw challengeInvalid();
    const user = await this.auth.requireUser(challenge.userId);
    const authenticator = await this.totp.isEnabled(user.id);
    // A sign-in already ended by its wrong codes is no attempt at all.
    if (authenticator && challenge.failedAttempts >= LIMITS.codeMaxAttempts) throw tooManyTries();
    await this.secondStepLock.attempt(user.id, async () => {
      if (authenticator) await this.verifyWithAuthenticator(challenge, user, code);
      else if (/^\d{6}$/.test(code)) await this.codes.verify(challenge.userId, 'two_step', code);
      else throw invalidCode();
      return true;
    });
    if (!(await this.challenges.consume(challenge.id))) throw challengeInvalid();
    const session = await this.auth.startSession(user.id, challenge.remember, {
      userAgent: challenge.userAgent ?? undefined,
      country: origin.country,
    });
    return { user, token: session.token };
  }

  /**
   * The app's code or a backup code; a six-digit code that is not the app's may be the mailed one the member
   * asked for instead. Wrong app or backup codes end the sign-in after LIMITS.codeMaxAttempts, as mailed ones do.
   */
  private async verifyWithAuthenticator(challenge: ChallengeRow, user: Member, code: string) {
    if (await this.totp.useCode(user.id, code)) return;
    if (/^\d{6}$/.test(code) && (await this.codes.hasLive(user.id, 'two_step'))) {
      await this.codes.verify(user.id, 'two_step', code);
      return;
    }
    const failures = await this.challenges.recordFailure(challenge.id);
    if (failures >= LIMITS.codeMaxAttempts) throw tooManyTries();
    throw totpInvalid();
  }

  async resend(challengeToken: string) {
    const challenge = await this.challenges.findLive(sha256(challengeToken));
    if (!challenge) throw challengeInvalid();
    const owner = await this.auth.requireUser(challenge.userId);
    assertMayMailSignInCodes(owner);
    const { allowed, resendIn } = await this.codes.mayIssue(challenge.userId, 'two_step');
    if (!allowed) throw rateLimited(resendIn);
    const user = await this.auth.requireUser(challenge.userId);
    await this.mailCode(user);
    return {
      message: `We sent a new code to ${emailHint(user.email)}.`,
      resend_in: LIMITS.codeResendSeconds,
      expires_in: LIMITS.codeTtlSeconds,
    };
  }

  /** Issues the code at once (so it is the one that counts) and mails it without making the answer wait. */
  private async mailCode(user: Member) {
    const code = await this.codes.issue(user.id, 'two_step');
    this.mailer.sendInBackground(twoStepMail(user.email, code), (err) =>
      this.log.error({ err, userId: user.id }, 'two-step code mail could not be sent'),
    );
  }
}
