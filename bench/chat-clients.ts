/** The benchmarks' socket clients (chat, community, sockets): one socket.io client per member, and a slow-window report. */
import { io, type Socket } from 'socket.io-client';
import { WEB_RECONNECTION, retryWhenAsked } from '../apps/web/src/lib/socket-reconnection.ts';
import { clock } from './clock.ts';

/** One member's socket, as every benchmark's clients open it: WebSocket at once, no reconnecting, a connection of its own. */
export const memberSocket = (url: string, token: string, options: { reconnect?: boolean } = {}) => {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    ...(options.reconnect ? WEB_RECONNECTION : { reconnection: false }),
  });
  if (options.reconnect) retryWhenAsked(socket);
  return socket;
};

/**
 * Connects one authenticated client per member, 50 at a time. `listen` puts the benchmark's listeners on each socket
 * before it connects, so that no event sent right after the connect is missed.
 */
export async function connectClients<M extends { token: string }>(url: string, members: M[], listen: (socket: Socket, member: M) => void) {
  const sockets: Socket[] = [];
  for (let i = 0; i < members.length; i += 50) {
    const batch = members.slice(i, i + 50).map(
      (m) =>
        new Promise<Socket>((resolve, reject) => {
          const s = memberSocket(url, m.token);
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
          listen(s, m);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** The 100 ms windows (by send time) whose slowest message took over 25 ms: how many were sent, how many were slow. */
export function printSlowWindows(timeline: Array<[number, number]>) {
  const windows = new Map<number, { sent: number; slow: number; max: number }>();
  for (const [sentAt, latency] of timeline) {
    const start = Math.floor(sentAt / 100) * 100;
    const w = windows.get(start) ?? { sent: 0, slow: 0, max: 0 };
    w.sent++;
    if (latency > 25) w.slow++;
    w.max = Math.max(w.max, latency);
    windows.set(start, w);
  }
  for (const [start, w] of [...windows].sort((a, b) => a[0] - b[0]))
    if (w.max > 25) console.log(`    slow window ${clock(start)}: ${w.slow} of ${w.sent} over 25 ms, slowest ${w.max.toFixed(0)} ms`);
}
