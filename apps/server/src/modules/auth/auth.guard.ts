import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@tribeverse/shared';
import { countryOfAddress } from '../../lib/client-country.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { bearerToken, currentUserId } from '../../http/route-kit.ts';
import { resumeSession } from './auth-session-lifetime.ts';
import type { SessionsRepository } from './auth-sessions.repository.ts';
import type { WriterStatus } from '../users/users.service.ts';

/** preHandler for every member-only route: a live session (kept alive by this use, its place that of this use) or 401. */
export function createAuthGuard(sessions: SessionsRepository) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No auth token found');
    const identity = await resumeSession(sessions, token, undefined, () => countryOfAddress(request.ip));
    if (!identity) throw unauthorized('Your session has ended. Please sign in again.');
    request.auth = identity;
  };
}

export const PROFILE_INCOMPLETE_MSG = 'Set up your profile (user name, country and gender) before posting or chatting.';
export const EMAIL_NOT_CONFIRMED_MSG =
  'Confirm your email address before posting, commenting or chatting: enter the code we mailed you (or ask for a new one).';

/**
 * The 'writer' check. Posting, commenting and chatting show the author to others, so a member may write only with
 * a confirmed email (a throwaway address cannot spam) and a set-up profile (name and user name to show); until then
 * they may read and finish onboarding. Checked on every call: both can happen at any time.
 */
export function createProfileGate(users: { findWriterStatus(id: number): Promise<WriterStatus | null> }) {
  async function assertProfileSet(userId: number) {
    const user = await users.findWriterStatus(userId);
    if (!user?.isConfirmed) throw new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, EMAIL_NOT_CONFIRMED_MSG);
    if (!user.profileCompletedAt) throw new AppError(403, ErrorCode.PROFILE_INCOMPLETE, PROFILE_INCOMPLETE_MSG);
  }
  return {
    assertProfileSet,
    /** preHandler, after requireAuth. */
    requireProfile: async (request: FastifyRequest) => assertProfileSet(currentUserId(request)),
  };
}
