import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@tribeverse/shared';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { resumeSession } from './session-lifetime.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export interface AuthIdentity {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthIdentity | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** preHandler for every member-only route: a live session (kept alive by this use) or 401. */
export function createAuthGuard(sessions: SessionsRepository) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No auth token found');
    const identity = await resumeSession(sessions, token);
    if (!identity) throw unauthorized('Your session has ended. Please sign in again.');
    request.auth = identity;
  };
}

/** The identity of a guarded request; only call behind requireAuth. */
export function currentUser(request: FastifyRequest): AuthIdentity {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const PROFILE_INCOMPLETE_MSG = 'Set up your profile (user name, country and gender) before posting or chatting.';

/**
 * Posting and chatting show the author's name and user name to others, so a member who left onboarding before
 * setting up their profile may read but not write. Checked on every call: the profile can be set up at any time.
 */
export function createProfileGate(users: { findById(id: number): Promise<{ profileCompletedAt: Date | null } | null> }) {
  async function assertProfileSet(userId: number) {
    const user = await users.findById(userId);
    if (!user?.profileCompletedAt) throw new AppError(403, ErrorCode.PROFILE_INCOMPLETE, PROFILE_INCOMPLETE_MSG);
  }
  return {
    assertProfileSet,
    /** preHandler, after requireAuth. */
    requireProfile: async (request: FastifyRequest) => assertProfileSet(currentUser(request).userId),
  };
}
