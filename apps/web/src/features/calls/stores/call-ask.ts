import type { Call } from '@tribeverse/shared';
import type { AppSocket } from '../../../lib/socket';

export type CallAck = { ok: true; call?: Call } | { ok: false; code: string; msg: string };
export type CallEvent = 'call:start' | 'call:accept' | 'call:decline' | 'call:hangup' | 'call:signal' | 'call:resume';

/** A call event and the server's answer to it: OFFLINE without a socket, TIMEOUT after ten seconds without an answer. */
export function askServer(socket: AppSocket, event: CallEvent, payload: object): Promise<CallAck> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve({ ok: false, code: 'OFFLINE', msg: 'You are offline. Try again when connected.' });
    // Every call event is answered with an Ack; socket.io's types cannot tie the optional acks to a timeout.
    const timed = socket.timeout(10_000) as unknown as {
      emit(event: string, payload: object, ack: (error: unknown, answer: CallAck) => void): void;
    };
    timed.emit(event, payload, (error, answer) =>
      resolve(error ? { ok: false, code: 'TIMEOUT', msg: 'No answer from the server. Try again.' } : answer),
    );
  });
}
