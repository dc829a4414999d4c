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

interface RetryState {
  timer?: ReturnType<typeof setTimeout>;
  stopped: boolean;
  failures: number;
}

const waiting = new WeakMap<Socket, RetryState>();

/**
 * socket.io retries a lost connection by itself only while the socket is `active`. A handshake the server refused
 * ends that: for good when the refusal is about the member (sign in again, too many tabs), but a server catching up
 * with a connect storm refuses with TRY_AGAIN and `retry_after_ms` rather than queue without bound, and a connection
 * tried again by hand that then fails is not retried either. This retries both: after the server's wait, or the
 * reconnection's rising delay, each plus a random share so the refused do not all come back in the same instant.
 */
export function retryWhenAsked(socket: Socket) {
  const state: RetryState = { stopped: false, failures: 0 };
  waiting.set(socket, state);
  socket.on('connect', () => void (state.failures = 0));
  socket.on('connect_error', (error: Error & { data?: { code?: string; retry_after_ms?: number } }) => {
    const code = error.data?.code;
    if (state.stopped || (code && code !== ErrorCode.TRY_AGAIN)) return;
    const wait =
      code === ErrorCode.TRY_AGAIN
        ? (error.data?.retry_after_ms ?? WEB_RECONNECTION.reconnectionDelay)
        : Math.min(WEB_RECONNECTION.reconnectionDelayMax, WEB_RECONNECTION.reconnectionDelay * 2 ** state.failures++);
    clearTimeout(state.timer);
    // Looked at again after the wait: if socket.io is still trying by itself (the socket is active), it is left to it.
    state.timer = setTimeout(
      () => {
        if (!state.stopped && !socket.connected && !socket.active) socket.connect();
      },
      wait * (1 + Math.random()),
    );
  });
}

/** The app closed the socket (signing out): a retry still waiting must not open it again. */
export function stopRetrying(socket: Socket) {
  const state = waiting.get(socket);
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
}
