import type { AccessGuards } from '../../http/access-guard.ts';
import type { AuthIdentity } from '../../http/route-kit.ts';
import { sessionRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { openSecretBox } from '../../lib/secret-box.ts';
import type { UsersApi } from '../users/users.module.ts';
import { createAuthGuard, createProfileGate } from './auth.guard.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { CodesRepository } from './auth-codes.repository.ts';
import { CodesService } from './auth-codes.service.ts';
import { confirmAccountRoutes } from './auth-confirm-account.routes.ts';
import { ConfirmAccountService } from './auth-confirm-account.service.ts';
import { EmailChangeService } from './auth-email-change.service.ts';
import { FailedLoginsRepository } from './auth-failed-logins.repository.ts';
import { secondStepLock, signInLock } from './auth-failure-budget.ts';
import { PasswordGuard } from './auth-password-guard.ts';
import { OAuthRepository } from './auth-oauth.repository.ts';
import { oidcRoutes } from './auth-oidc.routes.ts';
import { OidcService } from './auth-oidc.service.ts';
import { passwordResetRoutes } from './auth-password-reset.routes.ts';
import { PasswordResetService } from './auth-password-reset.service.ts';
import { ResetRequestsRepository } from './auth-reset-requests.repository.ts';
import { ResetTokensRepository } from './auth-reset-tokens.repository.ts';
import { resumeSession } from './auth-session-lifetime.ts';
import { SessionsRepository } from './auth-sessions.repository.ts';
import { TwoStepChallengesRepository } from './auth-two-step.repository.ts';
import { TwoStepService } from './auth-two-step.service.ts';
import { TotpRepository } from './auth-totp.repository.ts';
import { TotpService } from './auth-totp.service.ts';
import { SessionsService } from './auth-sessions.service.ts';
import { PasswordChangeService } from './auth-password-change.service.ts';
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
  /** Moving the account to another address: proof of ownership first, the new address's code, the old one told. */
  emailChange: Pick<EmailChangeService, 'authorize' | 'start'>;
  /** Of these sessions, the ones still live (open sockets end with their session). */
  liveSessionIds(ids: number[]): Promise<Set<number>>;
  /** Sessions another module ended (an account deleted): refused from now on here, and their sockets closed. */
  sessionsEnded(ids: number[]): void;
  /**
   * The one password check behind a session (deleting or handing over a community, deleting the account, …): it
   * shares the sign-in lock's budget. Check the request's target first, then call this.
   */
  passwords: Pick<PasswordGuard, 'check'>;
}

/** Registration, sign-in (password, two-step, Google/Apple), sessions, account confirmation and password reset. */
export function createAuthModule({ ctx, app }: ModuleHost, deps: UsersApi): FeatureModule<AuthApi> {
  const log = app.log;
  const { users, presentMe } = deps;
  const sessions = new SessionsRepository(ctx.db, ctx.notices);
  const codes = new CodesService(new CodesRepository(ctx.db));
  const confirmation = new ConfirmAccountService(users, codes, ctx.mailer, log);
  const failures = new FailedLoginsRepository(ctx.db);
  // One budget of wrong passwords per address, spent by signing in and by every password check behind a session.
  const passwordLock = signInLock(failures);
  const passwords = new PasswordGuard(users, passwordLock);
  const codeLock = secondStepLock(failures);
  const auth = new AuthService(users, sessions, passwordLock, {
    onRegistered: (user) => confirmation.sendCode(user),
    onSessionsRevoked(ids) {
      // A revoked session's open sockets are closed at once, not at their next reconnect.
      for (const id of ids) ctx.realtime.chat.in(sessionRoom(id)).disconnectSockets(true);
    },
  });
  const twoStepChallenges = new TwoStepChallengesRepository(ctx.db);
  const passwordReset = new PasswordResetService(
    users,
    codes,
    new ResetTokensRepository(ctx.db),
    new ResetRequestsRepository(ctx.db),
    auth,
    ctx.mailer,
    log,
    (userId) => twoStepChallenges.deleteForUser(userId),
  );
  const totp = new TotpService(
    new TotpRepository(ctx.db, openSecretBox({ key: ctx.config.secretsKey, dataDir: ctx.config.dataDir })),
    passwords,
    codeLock,
  );
  const twoStep = new TwoStepService(users, auth, codes, twoStepChallenges, ctx.mailer, log, totp, passwords, codeLock);
  const sessionsService = new SessionsService(sessions, auth);
  const passwordChange = new PasswordChangeService(users, auth, passwords, (userId) => twoStepChallenges.deleteForUser(userId));
  const oidc = new OidcService(ctx.config, new OAuthRepository(ctx.db), users, auth, log);
  const profileGate = createProfileGate(users);
  const emailChange = new EmailChangeService(users, codes, ctx.mailer, log, passwords);
  const parts: AuthParts = {
    auth,
    confirmation,
    passwordReset,
    twoStep,
    oidc,
    emailChange,
    presentMe,
    totp,
    sessionsService,
    passwordChange,
  };

  return {
    name: 'auth',
    async routes(api) {
      await api.register(authRoutes, { parts });
      await api.register(confirmAccountRoutes, { parts });
      await api.register(passwordResetRoutes, { parts });
      await api.register(oidcRoutes, { parts });
    },
    api: {
      guards: { member: createAuthGuard(sessions), writer: profileGate.requireProfile },
      resumeSession: (token, countryOfUse) => resumeSession(sessions, token, undefined, countryOfUse),
      assertMayWrite: profileGate.assertProfileSet,
      emailChange,
      liveSessionIds: (ids) => sessions.findLiveIds(ids),
      passwords,
      sessionsEnded(ids) {
        sessions.forget(ids);
        for (const id of ids) ctx.realtime.chat.in(sessionRoom(id)).disconnectSockets(true);
      },
    },
  };
}
