import type { FastifyReply, FastifyRequest } from 'fastify';
import { countryOfAddress } from '../../lib/client-country.ts';
import { unauthorized } from '../../lib/errors.ts';
import { bearerToken, currentUserId, type AuthIdentity } from '../../http/route-kit.ts';
import { resumeSession } from './auth-session-lifetime.ts';
import type { SessionsRepository } from './auth-sessions.repository.ts';
import type { WriterStatus } from '../users/users.service.ts';
import { assertMayWrite } from './auth.policy.ts';

/** preHandler for every member-only route: a live session (kept alive by this use, its place that of this use) or 401. */
export function createAuthGuard(sessions: SessionsRepository, gate: ProfileGate) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No auth token found');
    const identity = await gate.seen(await resumeSession(sessions, token, undefined, () => countryOfAddress(request.ip)));
    if (!identity) throw unauthorized('Your session has ended. Please sign in again.');
    request.auth = identity;
  };
}

/** How many members the gate remembers as writers before it starts over (a few MB at most). */
const WRITERS_KEPT = 200_000;

/**
 * The 'writer' check (auth.policy.ts), on every call: confirming and setting up can happen at any time. Neither is
 * ever undone (erasing an account ends its sessions with it), so a member who passed once is remembered and passes
 * without a query: a socket's first message, which after a reconnect is most of them, costs no extra round trip.
 */
export function createProfileGate(users: { findWriterStatus(id: number): Promise<WriterStatus | null> }) {
  const writers = new Set<number>();
  const remember = (userId: number) => {
    if (writers.size >= WRITERS_KEPT) writers.clear();
    writers.add(userId);
  };
  async function assertProfileSet(userId: number) {
    if (writers.has(userId)) return;
    assertMayWrite(await users.findWriterStatus(userId));
    remember(userId);
  }
  return {
    assertProfileSet,
    /** A session just resumed: its member, when the session's read saw them a writer, passes from now on unasked. */
    seen<I extends AuthIdentity | null>(identity: I): I {
      if (identity?.knownWriter && !writers.has(identity.userId)) remember(identity.userId);
      return identity;
    },
    /** preHandler, after requireAuth. */
    requireProfile: async (request: FastifyRequest) => assertProfileSet(currentUserId(request)),
  };
}

export type ProfileGate = ReturnType<typeof createProfileGate>;
