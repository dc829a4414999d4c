import type { ServerToClientEvents } from '@tribeverse/shared';
import type { AppSocket } from './socket';

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
