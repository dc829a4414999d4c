import type { FastifyBaseLogger } from 'fastify';
import type { ChatNamespace } from '../../realtime/io.ts';

/** How often open sockets are checked against their sessions by default. */
export const SOCKET_SESSION_CHECK_MS = 60_000;

/**
 * A socket lives no longer than its session. Logout and password resets close sockets at once; a session that ends
 * by its idle or absolute timeout has no such moment, so this process checks its own sockets' sessions every
 * `everyMs` and closes those whose session has ended (the client then signs out, as after any revoked session).
 * Only sockets whose session's end, as known here, has come are looked up: the others cannot have timed out (use
 * only moves the end later). With ten thousand sockets a check is then a loop over numbers, not a statement reading
 * ten thousand rows while every message waits. A session found still live was used elsewhere: its new end is kept.
 */
export function watchSocketSessions(
  chat: ChatNamespace,
  liveSessionEnds: (ids: number[]) => Promise<Map<number, number>>,
  everyMs: number,
  log: FastifyBaseLogger,
) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = Date.now();
      const due = [...chat.sockets.values()].filter((s) => s.data.sessionEndsAt <= now);
      if (!due.length) return;
      const live = await liveSessionEnds([...new Set(due.map((s) => s.data.sessionId))]);
      for (const socket of due) {
        const endsAt = live.get(socket.data.sessionId);
        if (endsAt === undefined) socket.disconnect(true);
        else socket.data.sessionEndsAt = endsAt;
      }
    } catch (error) {
      log.warn({ err: error }, 'could not check open sockets against their sessions');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
