import { hash, verify } from '@node-rs/argon2';
import { ErrorCode, type LoginBody, type RegisterBody } from '@tribeverse/shared';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import { type Member, type UsersService } from '../users/users.service.ts';
import { signInKey, type FailureBudget } from './auth-failure-budget.ts';
import { idleTimeoutMs } from './auth-session-lifetime.ts';
import type { SessionOrigin, SessionsRepository } from './auth-sessions.repository.ts';

// Verifying against this when the email is unknown keeps both answers equally slow: no account enumeration by timing.
const DUMMY_HASH = hash('not-a-real-password-0!');

export interface AccountEvents {
  /** Called after an account is created, e.g. to mail the confirmation code. */
  onRegistered?(user: Member): Promise<void>;
  /** Called with the ids of sessions that were just revoked, so their sockets can be closed. */
  onSessionsRevoked?(sessionIds: number[]): void;
}

export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsRepository,
    /** Wrong passwords per address, shared with the password checks behind a session (PasswordGuard). */
    private readonly signInLock: FailureBudget,
    private readonly events: AccountEvents = {},
  ) {}

  static hashPassword(password: string) {
    return hash(password);
  }

  async register(input: RegisterBody, meta: SessionOrigin) {
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
    await this.events.onRegistered?.(user);
    const session = await this.startSession(user.id, false, meta);
    return { user, token: session.token };
  }

  /**
   * Past LIMITS.loginFailuresMax failures for one email within the window (here or behind a session), that email is
   * refused (even with the right password) until the window ends: guessing one account's password from many
   * addresses gets nowhere. The count and the answer are the same whether or not an account has the address, so
   * neither reveals one.
   */
  async login(input: LoginBody, meta: SessionOrigin) {
    const user = await this.verifyPassword(input);
    const session = await this.startSession(user.id, input.remember ?? false, meta);
    return { user, token: session.token };
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

  /** A new password (after a reset) lifts the failed-login limit of that address. */
  async clearFailedLogins(email: string) {
    await this.signInLock.clear(signInKey(email));
  }

  startSession(userId: number, remember: boolean, origin: SessionOrigin = {}) {
    return this.sessions.create({ userId, remember, ttlMs: idleTimeoutMs(remember), ...origin });
  }

  async logout(sessionId: number) {
    await this.sessions.revoke(sessionId);
    this.events.onSessionsRevoked?.([sessionId]);
  }

  /** After a password reset: every session of the account ends. */
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
