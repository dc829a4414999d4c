import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@tribeverse/shared';
import { createRealtime, type Realtime, type SocketData } from './io.ts';

const opened: Array<{ realtime: Realtime; server: http.Server }> = [];
const clients: Socket[] = [];
afterEach(async () => {
  clients.splice(0).forEach((client) => client.disconnect());
  for (const { realtime, server } of opened.splice(0)) {
    await realtime.close();
    server.closeAllConnections();
    server.close();
  }
});

async function serve(
  authenticate: (token: string) => Promise<SocketData | null>,
  options: { port?: number; handshakesAtOnce?: number } = {},
) {
  const server = http.createServer();
  const realtime = createRealtime(server, { authenticate, handshakesAtOnce: options.handshakesAtOnce });
  opened.push({ realtime, server });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return { realtime, server, port: (server.address() as AddressInfo).port };
}

const identity = (token: string): SocketData => ({
  userId: Number(token),
  sessionId: Number(token),
  sessionEndsAt: Date.now() + 3_600_000,
});

function client(port: number, token: string, reconnection = false) {
  const socket = connect(`http://127.0.0.1:${port}/ws/chat`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
  });
  clients.push(socket);
  return socket;
}

const connected = (socket: Socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()));
type Refusal = Error & { data?: { code: string; msg: string; retry_after_ms?: number } };
const refused = (socket: Socket) => new Promise<Refusal>((resolve) => socket.once('connect_error', resolve));

describe('the socket server under a crowd of handshakes', () => {
  it('tells handshakes past its bound to try again later, and admits them once the others are through', async () => {
    let release!: () => void;
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const { port } = await serve(
      async (token) => {
        if (token === '1') {
          arrived();
          await held;
        }
        return identity(token);
      },
      { handshakesAtOnce: 1 },
    );
    const first = client(port, '1');
    const firstIn = connected(first);
    // The first handshake is under way (its session lookup waits): the second is answered at once, not queued.
    await firstArrived;
    const second = client(port, '2');
    const refusal = await refused(second);
    expect(refusal.message).toBe(ErrorCode.TRY_AGAIN);
    expect(refusal.data).toMatchObject({ code: ErrorCode.TRY_AGAIN, retry_after_ms: expect.any(Number) });
    expect(refusal.data!.retry_after_ms).toBeGreaterThan(0);

    release();
    await firstIn;
    const secondIn = connected(second);
    second.connect();
    await secondIn;
    expect(second.connected).toBe(true);
  });

  it('lets every client reconnect by itself after the server restarts on the same port', async () => {
    const first = await serve(async (token) => identity(token));
    const socket = client(first.port, '7', true);
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await first.realtime.close();
    first.server.closeAllConnections();
    await new Promise((resolve) => first.server.close(resolve));
    // What a stopping server looks like to a client it should come back to: not 'io server disconnect', after which
    // socket.io never reconnects on its own.
    expect(await gone).toBe('transport close');

    const back = connected(socket);
    await serve(async (token) => identity(token), { port: first.port });
    await back;
    expect(socket.connected).toBe(true);
  });
});
