import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';
import { WEB_RECONNECTION, retryWhenAsked } from './socket-reconnection';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One connection per signed-in tab to /ws/chat; see socket-reconnection.ts for how it comes back. */
export function connectSocket(token: string): AppSocket {
  const socket: AppSocket = io('/ws/chat', {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    auth: { token },
    ...WEB_RECONNECTION,
  });
  retryWhenAsked(socket);
  return socket;
}
