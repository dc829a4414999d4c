import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessionRoom } from '../../realtime/rooms.ts';
import { InterestsRepository } from '../interests/interests.repository.ts';
import { presentUser } from '../profile/profile.presenter.ts';
import { UsersRepository, type UserRow } from '../profile/users.repository.ts';
import { createAuthGuard, createProfileGate } from './auth.guard.ts';
import { AuthService } from './auth.service.ts';
import { CodesRepository } from './codes.repository.ts';
import { CodesService } from './codes.service.ts';
import { ConfirmAccountService } from './confirm-account.service.ts';
import { FailedLoginsRepository } from './failed-logins.repository.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ResetRequestsRepository } from './reset-requests.repository.ts';
import { ResetTokensRepository } from './reset-tokens.repository.ts';
import { resumeSession } from './session-lifetime.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { TwoStepChallengesRepository } from './two-step.repository.ts';
import { TwoStepService } from './two-step.service.ts';

/** Wires the account area's repositories and services once; routes and sockets take what they need from it. */
export function createAccountModule(ctx: AppContext, log: FastifyBaseLogger) {
  const users = new UsersRepository(ctx.db);
  const sessions = new SessionsRepository(ctx.db);
  const interests = new InterestsRepository(ctx.db);
  const codes = new CodesService(new CodesRepository(ctx.db));
  const confirmation = new ConfirmAccountService(users, codes, ctx.mailer, log);
  const auth = new AuthService(users, sessions, new FailedLoginsRepository(ctx.db), {
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
  const twoStep = new TwoStepService(users, auth, codes, twoStepChallenges, ctx.mailer, log);
  return {
    users,
    sessions,
    interests,
    auth,
    codes,
    confirmation,
    passwordReset,
    twoStep,
    requireAuth: createAuthGuard(sessions),
    /** A bearer token's identity for the socket handshake: the same sliding session as HTTP. */
    resumeSession: (token: string) => resumeSession(sessions, token),
    /** For writing what others read (posts, comments, shares, messages): a set-up profile or 403. */
    profileGate: createProfileGate(users),
    presentMe: async (user: UserRow) => presentUser(user, await interests.findUserSelection(user.id)),
  };
}

export type AccountModule = ReturnType<typeof createAccountModule>;
