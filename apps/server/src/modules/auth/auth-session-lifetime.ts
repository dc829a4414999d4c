import { LIMITS } from '@tribeverse/shared';
import type { SessionsRepository } from './auth-sessions.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a session lives without being used: a day, or the remembered period. */
export const idleTimeoutMs = (remember: boolean) => (remember ? LIMITS.rememberedSessionTtlDays * DAY : LIMITS.sessionTtlHours * HOUR);
/** However busy, a session ends this long after sign-in, so a stolen token is not good forever. */
export const absoluteLifetimeMs = (remember: boolean) => (remember ? 90 * DAY : 7 * DAY);
/** Use pushes the expiry back at most this often: not a database write per request. */
export const EXTEND_EVERY_MS = 5 * 60_000;

/**
 * The identity behind a bearer token, for HTTP and sockets alike. Sessions slide: each use (at most once per
 * EXTEND_EVERY_MS) moves the end to a full idle period from now, never past the absolute lifetime. `countryOfUse`,
 * asked only then, gives the country of the address this use came from: the sessions list shows where each session
 * was last used, so a stolen token used from elsewhere shows up there, not only where the member signed in.
 */
export async function resumeSession(sessions: SessionsRepository, token: string, now = new Date(), countryOfUse?: () => string | null) {
  const session = await sessions.findLiveByToken(token, now);
  if (!session) return null;
  let endsAt = session.expiresAt;
  if (now.getTime() - session.lastUsedAt.getTime() >= EXTEND_EVERY_MS) {
    const end = Math.min(
      now.getTime() + idleTimeoutMs(session.remember),
      session.createdAt.getTime() + absoluteLifetimeMs(session.remember),
    );
    await sessions.extend(session.sessionId, new Date(end), now, new Date(now.getTime() - EXTEND_EVERY_MS), countryOfUse?.());
    endsAt = new Date(end);
  }
  return { userId: session.userId, sessionId: session.sessionId, signedInAt: session.createdAt, endsAt, knownWriter: session.writer };
}
