import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app.ts';

/** The /ws/chat address of a test app that is listening. */
export const socketUrl = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/chat`;

/**
 * A connected client that records every event it receives, in order, so a test can wait for one that may have
 * arrived already. The caller disconnects it (keep it in a list and disconnect after each test).
 */
export async function connectRecorder(url: string, token: string) {
  const socket: Socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  // Event payloads are whatever each event carries; tests read the fields they assert on.
  const events: Array<{ name: string; payload: any }> = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  /** Resolves with the first recorded (or future) event of that name matching the predicate. */
  const next = (name: string, match: (payload: any) => boolean = () => true) =>
    new Promise<any>((resolve) => {
      const found = events.find((e) => e.name === name && match(e.payload));
      if (found) return resolve(found.payload);
      const listener = (event: string, payload: any) => {
        if (event === name && match(payload)) {
          socket.offAny(listener);
          resolve(payload);
        }
      };
      socket.onAny(listener);
    });
  return { socket, events, next, names: () => events.map((e) => e.name) };
}
