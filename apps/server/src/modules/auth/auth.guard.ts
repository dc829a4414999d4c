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
 * A refusal is not remembered: the member may finish onboarding a moment later, so the next call asks again.
 */
export function createProfileGate(users: { findWriterStatus(id: number): Promise<WriterStatus | null> }) {
  const writers = new Set<number>();
  /** The lookup under way for each member not yet known: every caller meanwhile waits for the same one. */
  const pending = new Map<number, Promise<void>>();
  const remember = (userId: number) => {
    if (writers.size >= WRITERS_KEPT) writers.clear();
    writers.add(userId);
  };
  /**
   * Undefined when the member is known to be a writer: the caller then awaits nothing, so a socket's send joins its
   * queue in the same turn it arrived. Else the member's one pending lookup, shared by every caller until it settles:
   * sends that arrive while it runs wait for the same promise, so they still reach the queue in the order they were
   * sent. It rejects (403, auth.policy.ts) when the member may not write yet.
   */
  function check(userId: number): Promise<void> | undefined {
    if (writers.has(userId)) return undefined;
    let lookup = pending.get(userId);
    if (!lookup) {
      lookup = users
        .findWriterStatus(userId)
        .then((status) => {
          assertMayWrite(status);
          remember(userId);
        })
        .finally(() => pending.delete(userId));
      pending.set(userId, lookup);
    }
    return lookup;
  }
  async function assertProfileSet(userId: number) {
    await check(userId);
  }
  return {
    check,
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
