import { hash, verify } from '@node-rs/argon2';
import { ErrorCode, type LoginBody, type RegisterBody, type TwoStepChallenge } from '@tribeverse/shared';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import { type Member, type UsersService } from '../users/users.service.ts';
import { signInKey, type FailureBudget } from './auth-failure-budget.ts';
import { idleTimeoutMs } from './auth-session-lifetime.ts';
import type { SessionOrigin, SessionsRepository } from './auth-sessions.repository.ts';

// What the modules built on sign-in use besides the api: the request's origin, the port a second step fills, what
// proves the caller owns the account, and what an account without a password is told when one is asked for.
export { sessionOrigin } from './auth-session-origin.ts';
export { noPasswordMsg } from './auth-password-guard.ts';
export { ownerProof } from './auth.policy.ts';
export type { SessionOrigin };

// Verifying against this when the email is unknown keeps both answers equally slow: no account enumeration by timing.
const DUMMY_HASH = hash('not-a-real-password-0!');

export interface AccountEvents {
  /** Called with the ids of sessions that were just revoked, so their sockets can be closed. */
  onSessionsRevoked?(sessionIds: number[]): void;
}

/**
 * What a password sign-in may need after the password (two-step verification, filled in by the security module):
 * sign-in knows only this port, so it does not depend on the module built on it.
 */
export interface SecondStep {
  /** A challenge instead of a session when the member has a second step on; null lets the sign-in through. */
  challenge(user: Member, remember: boolean, origin: SessionOrigin): Promise<TwoStepChallenge | null>;
  /** Sign-ins still waiting for their second step: a new password ends them, the old one earned them. */
  endPending(userId: number): Promise<void>;
}

/** Who may sign up: the instance's registration mode, filled in by the admin module. */
export interface SignUpGate {
  /** Before the account is made: throws to refuse it; true when it is to wait for an admin's approval. */
  admit(input: RegisterBody): Promise<boolean>;
  /** Once it is made: its invite is spent, or it is recorded as waiting. */
  admitted(user: Member, input: RegisterBody, waits: boolean): Promise<void>;
  /** Before Google or Apple makes a new account: throws unless anyone may sign up (no invite, approval nor rules to ask). */
  admitSocial(): Promise<void>;
}

type SignInResult = { kind: 'session'; user: Member; token: string } | { kind: 'challenge'; challenge: TwoStepChallenge };

export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsRepository,
    /** Wrong passwords per address, shared with the password checks behind a session (PasswordGuard). */
    private readonly signInLock: FailureBudget,
    private readonly events: AccountEvents = {},
  ) {}

  /** Set by the modules that extend signing up and in (codes mails the confirmation, security adds a second step). */
  private readonly registered: Array<(user: Member) => Promise<void>> = [];
  private secondStep: SecondStep | null = null;

  /** After an account is created, e.g. to mail the confirmation code. */
  onRegistered(listener: (user: Member) => Promise<void>) {
    this.registered.push(listener);
  }

  useSecondStep(step: SecondStep) {
    this.secondStep = step;
  }

  private readonly signInChecks: Array<(userId: number) => Promise<void>> = [];

  /** A refusal of any sign-in, after the password or provider (the admin module's: a suspended account). */
  checkSignIn(check: (userId: number) => Promise<void>) {
    this.signInChecks.push(check);
  }

  private signUpGate: SignUpGate | null = null;

  /** Who may sign up (the admin module's registration modes). Called while the modules are built. */
  useSignUpGate(gate: SignUpGate) {
    this.signUpGate = gate;
  }

  /** A new account through a social provider, which cannot carry an invite, an approval or accepted rules. */
  async admitSocialSignUp() {
    await this.signUpGate?.admitSocial();
  }

  static hashPassword(password: string) {
    return hash(password);
  }

  /** The new account and its session; no session (token null) when it waits for an admin's approval. */
  async register(input: RegisterBody, meta: SessionOrigin): Promise<{ user: Member; token: string | null }> {
    const waits = (await this.signUpGate?.admit(input)) ?? false;
    if (await this.users.findByEmail(input.email)) {
      throw new AppError(400, ErrorCode.USER_EXISTS, 'User already exists!', 'email');
    }
    let user: Member;
    try {
      user = await this.users.create({ email: input.email, passwordHash: await hash(input.password) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(400, ErrorCode.USER_EXISTS, 'User already exists!', 'email');
      throw error;
    }
    await this.signUpGate?.admitted(user, input, waits);
    for (const listener of this.registered) await listener(user);
    if (waits) return { user, token: null };
    const session = await this.startSession(user.id, false, meta);
    return { user, token: session.token };
  }

  /**
   * Past LIMITS.loginFailuresMax failures for one email within the window (here or behind a session), that email is
   * refused (even with the right password) until the window ends: guessing one account's password from many
   * addresses gets nowhere. The count and the answer are the same whether or not an account has the address, so
   * neither reveals one.
   */
  async signIn(input: LoginBody, meta: SessionOrigin): Promise<SignInResult> {
    const user = await this.verifyPassword(input);
    for (const check of this.signInChecks) await check(user.id);
    const remember = input.remember ?? false;
    const challenge = await this.secondStep?.challenge(user, remember, meta);
    if (challenge) return { kind: 'challenge', challenge };
    const session = await this.startSession(user.id, remember, meta);
    return { kind: 'session', user, token: session.token };
  }

  /** The password step of signing in, with the failed-login limit; the caller decides what the right password earns. */
  async verifyPassword(input: LoginBody): Promise<Member> {
    const key = signInKey(input.email);
    await this.signInLock.spend(key);
    const user = await this.users.findByEmail(input.email);
    const valid = user?.passwordHash
      ? await verify(user.passwordHash, input.password)
      : (await verify(await DUMMY_HASH, input.password), false);
    if (!user || !valid) throw unauthorized('Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
    await this.signInLock.clear(key);
    return user;
  }

  /**
   * After a new password (a reset, or a change behind `keepSessionId`): what the old one earned ends, sessions and
   * sign-ins still waiting for their second step, and the failed-login limit of the address lifts.
   */
  async passwordChanged(user: Pick<Member, 'id' | 'email'>, keepSessionId?: number) {
    await this.secondStep?.endPending(user.id);
    await this.revokeAll(user.id, keepSessionId);
    await this.signInLock.clear(signInKey(user.email));
  }

  async startSession(userId: number, remember: boolean, origin: SessionOrigin = {}) {
    for (const check of this.signInChecks) await check(userId);
    return this.sessions.create({ userId, remember, ttlMs: idleTimeoutMs(remember), ...origin });
  }

  async logout(sessionId: number) {
    await this.sessions.revoke(sessionId);
    this.events.onSessionsRevoked?.([sessionId]);
  }

  /** Every session of the account ends (but `exceptSessionId`). */
  async revokeAll(userId: number, exceptSessionId?: number) {
    const ids = await this.sessions.revokeAllForUser(userId, exceptSessionId);
    this.events.onSessionsRevoked?.(ids);
  }

  /** Closes the sockets of sessions revoked elsewhere (the sessions list). */
  notifyRevoked(sessionIds: number[]) {
    if (sessionIds.length) this.events.onSessionsRevoked?.(sessionIds);
  }

  async requireUser(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) throw unauthorized();
    return user;
  }
}
