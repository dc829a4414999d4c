import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Namespace, type Socket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';
import type { AppSocket } from './socket';

type ChatNamespace = Namespace<ClientToServerEvents, ServerToClientEvents>;
export type ServerSideSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/**
 * A real socket.io server and client on loopback for the tests of one file: started before its tests, stopped after.
 * The test file points the app's lookup of its one socket at the client, which stays in `live.socket`:
 *
 *   const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
 *   vi.mock('…/lib/socket-provider', () => ({ useSocket: () => live.socket }));
 *   const loop = liveSocketForFile(live, (s) => s.on('group:send', …));
 *
 * `onConnection` sets up what the server answers; `loop.room()` is the /ws/chat namespace, to emit to the client.
 */
export function liveSocketForFile(live: { socket: AppSocket | null }, onConnection: (socket: ServerSideSocket) => void = () => {}) {
  let server: Server<ClientToServerEvents, ServerToClientEvents>;
  beforeAll(async () => {
    const http = createServer();
    server = new Server(http);
    server.of('/ws/chat').on('connection', onConnection);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const socket: AppSocket = io(`http://127.0.0.1:${port}/ws/chat`, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    live.socket = socket;
  });
  afterAll(async () => {
    live.socket?.disconnect();
    await server.close();
  });
  return { room: (): ChatNamespace => server.of('/ws/chat') };
}

/**
 * Answers a send (`group:send`, `community:send`) as the server does once the message is stored: the ack brings
 * `stored(payload)`. Every payload is kept in `sent`, for the test to read.
 */
export function storeSends<P>(
  socket: ServerSideSocket,
  event: 'group:send' | 'community:send',
  sent: unknown[],
  stored: (payload: P) => unknown,
) {
  // socket.io types each event's listener apart; both sends take a payload and an ack.
  const on = socket.on.bind(socket) as (event: string, listener: (payload: unknown, ack: (answer: unknown) => void) => void) => void;
  on(event, (payload, ack) => {
    sent.push(payload);
    ack({ ok: true, message: stored(payload as P) });
  });
}
