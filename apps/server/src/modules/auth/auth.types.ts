import type { TwoStepChallenge } from '@tribeverse/shared';
import type { UsersApi } from '../users/users.module.ts';
import type { Member } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionOrigin } from './auth-sessions.repository.ts';
import type { SessionsService } from './auth-sessions.service.ts';

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

/**
 * What the auth module's own route files use. Apart from auth.module.ts, which builds it and registers the routes:
 * the route files importing it from there made a circle.
 */
export interface AuthParts {
  auth: AuthService;
  sessionsService: SessionsService;
  presentMe: UsersApi['presentMe'];
}
