import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One connection per signed-in tab to /ws/chat, with the spec's reconnection timing (1 s rising to 5 s, 20 s timeout). */
export function connectSocket(token: string): AppSocket {
  return io('/ws/chat', {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    auth: { token },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20_000,
  });
}
