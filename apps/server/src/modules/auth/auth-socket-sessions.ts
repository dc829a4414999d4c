import type { FastifyBaseLogger } from 'fastify';
import type { ChatNamespace } from '../../realtime/io.ts';

/** How often open sockets are checked against their sessions by default. */
export const SOCKET_SESSION_CHECK_MS = 60_000;

/**
 * A socket lives no longer than its session. Logout and password resets close sockets at once; a session that ends
 * by its idle or absolute timeout has no such moment, so this process checks its own sockets' sessions every
 * `everyMs` and closes those whose session has ended (the client then signs out, as after any revoked session).
 */
export function watchSocketSessions(
  chat: ChatNamespace,
  liveSessionIds: (ids: number[]) => Promise<Set<number>>,
  everyMs: number,
  log: FastifyBaseLogger,
) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const local = [...chat.sockets.values()];
      const live = await liveSessionIds([...new Set(local.map((s) => s.data.sessionId))]);
      for (const socket of local) if (!live.has(socket.data.sessionId)) socket.disconnect(true);
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
