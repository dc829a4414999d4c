import type { Socket } from 'socket.io-client';
import { ErrorCode } from '@tribeverse/shared';

/**
 * The spec's reconnection timing (1 s rising to 5 s, 20 s timeout), each wait drawn at random within ±50 %: after a
 * restart every member's tab reconnects, and the jitter spreads them over seconds instead of one instant.
 */
export const WEB_RECONNECTION = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

const waiting = new WeakMap<Socket, { timer?: ReturnType<typeof setTimeout>; stopped: boolean }>();

/**
 * A server catching up with a connect storm refuses a handshake with TRY_AGAIN and `retry_after_ms` rather than queue
 * it without bound. socket.io never retries a refused handshake on its own, so this does, after that wait and a
 * random share more, so the refused do not all come back in the same instant.
 */
export function retryWhenAsked(socket: Socket) {
  const state: { timer?: ReturnType<typeof setTimeout>; stopped: boolean } = { stopped: false };
  waiting.set(socket, state);
  socket.on('connect_error', (error: Error & { data?: { code?: string; retry_after_ms?: number } }) => {
    if (error.data?.code !== ErrorCode.TRY_AGAIN || state.stopped) return;
    clearTimeout(state.timer);
    const wait = (error.data.retry_after_ms ?? 1000) * (1 + Math.random());
    state.timer = setTimeout(() => {
      if (!state.stopped && !socket.connected) socket.connect();
    }, wait);
  });
}

/** The app closed the socket (signing out): a retry still waiting must not open it again. */
export function stopRetrying(socket: Socket) {
  const state = waiting.get(socket);
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
}
