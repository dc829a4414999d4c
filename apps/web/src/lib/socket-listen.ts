import { useEffect } from 'react';
import type { ServerToClientEvents } from '@tribeverse/shared';
import type { AppSocket } from './socket';
import { useSocket } from './socket-provider';

/** Handlers by event name; `connect` runs on every connect (the first one too, see `listen`). */
export type SocketHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & { connect?: () => void };

/**
 * Listens to `handlers` until the returned function is called (an effect's clean-up). A `connect` handler also runs
 * at once when the socket is already connected, so what it catches up on is never left to a reconnect.
 */
export function listen(socket: AppSocket, handlers: SocketHandlers): () => void {
  // socket.io types each event's listener apart; the map above already ties every name to its listener.
  const on = socket.on.bind(socket) as (event: string, handler: (...args: never[]) => void) => void;
  const off = socket.off.bind(socket) as (event: string, handler: (...args: never[]) => void) => void;
  const entries = Object.entries(handlers).filter(([, handler]) => handler) as [string, (...args: never[]) => void][];
  for (const [event, handler] of entries) on(event, handler);
  if (handlers.connect && socket.connected) handlers.connect();
  return () => {
    for (const [event, handler] of entries) off(event, handler);
  };
}

/** The server's watches: one subject per socket, each asked for with the first event and ended with the second. */
const WATCHES = {
  presence: ['presence:watch', 'presence:unwatch'],
  community: ['community:watch', 'community:unwatch'],
} as const;

/**
 * While `subject` is set, this tab's socket watches it (`presence` of a peer, a `community`'s chat): asked for on
 * every connect (a new socket watches nothing) and ended when the subject changes or the component goes.
 */
export function useSocketWatch(kind: keyof typeof WATCHES, subject: Record<string, number> | null) {
  const socket = useSocket();
  // The subject as a value: a new object with the same ids is the same watch.
  const key = subject && JSON.stringify(subject);
  useEffect(() => {
    if (!socket || !key) return;
    const [start, stop] = WATCHES[kind];
    const end = listen(socket, { connect: () => void socket.emit(start, JSON.parse(key)) });
    return () => {
      end();
      socket.emit(stop);
    };
  }, [socket, kind, key]);
}
