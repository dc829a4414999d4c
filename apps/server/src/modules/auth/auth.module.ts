import type { AccessGuards } from '../../http/access-guard.ts';
import type { AuthIdentity } from '../../http/route-kit.ts';
import { sessionRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { createAuthGuard, createProfileGate } from './auth.guard.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { FailedLoginsRepository } from './auth-failed-logins.repository.ts';
import { secondStepLock, signInLock, type SecondStepLock } from './auth-failure-budget.ts';
import { PasswordGuard } from './auth-password-guard.ts';
import { resumeSession } from './auth-session-lifetime.ts';
import { SessionsRepository } from './auth-sessions.repository.ts';
import { SessionsService } from './auth-sessions.service.ts';
import type { AuthParts } from './auth.types.ts';

export interface AuthApi {
  /** The route guards the access declarations (`config.access`) are made of. */
  guards: AccessGuards;
  /**
   * A bearer token's identity for the socket handshake: the same sliding session as HTTP. `countryOfUse`: where it
   * is used from, asked only when the use is recorded.
   */
  resumeSession(token: string, countryOfUse?: () => string | null): Promise<AuthIdentity | null>;
  /** For writing what others read (posts, comments, shares, messages): a set-up profile or 403. */
  assertMayWrite(userId: number): Promise<void>;
  /**
   * The same check for a socket's sends: undefined when the member is known to be a writer (nothing to await, so the
   * send keeps its place), else the member's one lookup under way, shared by every caller until it settles.
   */
  checkWriter(userId: number): Promise<void> | undefined;
  /** Of these sessions, the ones still live (open sockets end with their session). */
  liveSessionIds(ids: number[]): Promise<Set<number>>;
  /** Of these sessions, the live ones, each with when it ends unless used again (ms since the epoch). */
  liveSessionEnds(ids: number[]): Promise<Map<number, number>>;
  /** Sessions another module ended (an account deleted): refused from now on here, and their sockets closed. */
  sessionsEnded(ids: number[]): void;
  /**
   * The one password check behind a session (deleting or handing over a community, deleting the account, …): it
   * shares the sign-in lock's budget. Check the request's target first, then call this.
   */
  passwords: Pick<PasswordGuard, 'check'>;
  /**
   * For the modules that sign members in another way (a second step, Google/Apple) or change what signing in takes
   * (a new password): the signed-in member or 401, a new session, and the ends of the old ones.
   */
  accounts: Pick<AuthService, 'requireUser' | 'startSession' | 'revokeAll' | 'passwordChanged' | 'admitSocialSignUp'>;
  /** Sign-up's follow-ups: the codes module mails the confirmation code. Called while the modules are built. */
  onRegistered: AuthService['onRegistered'];
  /** The second step of a password sign-in, the security module's. Called while the modules are built. */
  useSecondStep: AuthService['useSecondStep'];
  /** Wrong second-step codes per account, whichever sign-in (or session) they came through. */
  secondStepLock: SecondStepLock;
  /** A refusal of every sign-in and new session of an account (the admin module's suspensions). Called while the modules are built. */
  checkSignIn: AuthService['checkSignIn'];
  /** Who may sign up (the admin module's registration modes). Called while the modules are built. */
  useSignUpGate: AuthService['useSignUpGate'];
}

/** Registration, password sign-in and the sessions it starts: the guards every other route stands behind. */
export function createAuthModule({ ctx }: ModuleHost, deps: UsersApi): FeatureModule<AuthApi> {
  const { users, presentMe } = deps;
  const sessions = new SessionsRepository(ctx.db, ctx.notices);
  const failures = new FailedLoginsRepository(ctx.db);
  // One budget of wrong passwords per address, spent by signing in and by every password check behind a session.
  const passwordLock = signInLock(failures);
  const passwords = new PasswordGuard(users, passwordLock);
  const closeSockets = (ids: number[]) => {
    for (const id of ids) ctx.realtime.chat.in(sessionRoom(id)).disconnectSockets(true);
  };
  // A revoked session's open sockets are closed at once, not at their next reconnect.
  const auth = new AuthService(users, sessions, passwordLock, { onSessionsRevoked: closeSockets });
  const parts: AuthParts = { auth, sessionsService: new SessionsService(sessions, auth), presentMe };
  const profileGate = createProfileGate(users);

  return {
    name: 'auth',
    async routes(api) {
      await api.register(authRoutes, { parts });
    },
    api: {
      guards: { member: createAuthGuard(sessions, profileGate), writer: profileGate.requireProfile },
      resumeSession: async (token, countryOfUse) => profileGate.seen(await resumeSession(sessions, token, undefined, countryOfUse)),
      assertMayWrite: profileGate.assertProfileSet,
      checkWriter: profileGate.check,
      liveSessionIds: async (ids) => new Set((await sessions.findLiveEnds(ids)).keys()),
      liveSessionEnds: (ids) => sessions.findLiveEnds(ids),
      passwords,
      sessionsEnded(ids) {
        sessions.forget(ids);
        closeSockets(ids);
      },
      accounts: auth,
      onRegistered: (listener) => auth.onRegistered(listener),
      useSecondStep: (step) => auth.useSecondStep(step),
      secondStepLock: secondStepLock(failures),
      checkSignIn: (check) => auth.checkSignIn(check),
      useSignUpGate: (gate) => auth.useSignUpGate(gate),
    },
  };
}
