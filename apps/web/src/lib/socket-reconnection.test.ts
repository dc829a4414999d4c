import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@tribeverse/shared';
import { retryWhenAsked, stopRetrying } from './socket-reconnection';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A socket.io server that answers the first `busy` handshakes 'try again in 5 ms', then lets them in. */
async function busyServer(busy: number) {
  const http = createServer();
  const server = new Server(http);
  let attempts = 0;
  server.of('/ws/chat').use((_socket, next) => {
    attempts++;
    if (attempts <= busy) {
      return next(Object.assign(new Error(ErrorCode.TRY_AGAIN), { data: { code: ErrorCode.TRY_AGAIN, msg: 'Busy.', retry_after_ms: 5 } }));
    }
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return { port: (http.address() as AddressInfo).port, attempts: () => attempts };
}

function client(port: number) {
  const socket: Socket = io(`http://127.0.0.1:${port}/ws/chat`, { transports: ['websocket'], forceNew: true });
  cleanups.push(async () => {
    stopRetrying(socket);
    socket.disconnect();
  });
  retryWhenAsked(socket);
  return socket;
}

describe('a socket the server asks to try again later', () => {
  it('comes back by itself after the wait the server gave, however many times it is asked', async () => {
    const server = await busyServer(3);
    const socket = client(server.port);
    const refusals: string[] = [];
    socket.on('connect_error', (error) => refusals.push(error.message));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(refusals).toEqual([ErrorCode.TRY_AGAIN, ErrorCode.TRY_AGAIN, ErrorCode.TRY_AGAIN]);
    expect(server.attempts()).toBe(4);
  });
});
