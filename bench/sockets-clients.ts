/**
 * Child process of sockets.bench.ts: holds a share of the connected members' sockets. Told over IPC to connect its
 * members, to send a steady load of messages from them, and to close. Send times travel in the message text as
 * absolute high-resolution time, so a receiver in another client process can tell the delivery latency.
 */
import type { Socket } from 'socket.io-client';
import { memberSocket } from './chat-clients.ts';

type Member = { id: number; token: string };
type Command =
  | { type: 'connect'; url: string; members: Member[]; concurrency: number }
  | { type: 'load'; rate: number; seconds: number; peerIds: number[] }
  | { type: 'storm' }
  | { type: 'close' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);
let sockets: Array<{ member: Member; socket: Socket }> = [];
const latencies: number[] = [];
let failedAcks = 0;

async function connectAll(url: string, members: Member[], concurrency: number) {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const connectOne = (member: Member) =>
    new Promise<void>((resolve) => {
      // Reconnecting as the web app does (its back-off and jitter, and 'try again later' answered), for the storm.
      const socket = memberSocket(url, member.token, { reconnect: true });
      socket.on('message:new', (message: { receiver_id: number; text: string }) => {
        if (message.receiver_id === member.id && message.text.startsWith('t:')) latencies.push(now() - Number(message.text.slice(2)));
      });
      socket.once('connect', () => {
        sockets.push({ member, socket });
        resolve();
      });
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
        if (error.data?.code === 'TRY_AGAIN') return;
        failed++;
        socket.close();
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < members.length) await connectOne(members[next++]!);
    }),
  );
  return { ms: performance.now() - started, failed };
}

/** Sends `rate` messages/s for `seconds` from random members of this process to random other members, then waits for them. */
async function load(rate: number, seconds: number, peerIds: number[]) {
  latencies.length = 0;
  const total = Math.round(rate * seconds);
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate)) - sent;
      for (let k = 0; k < due; k++, sent++) {
        const from = sockets[Math.floor(Math.random() * sockets.length)]!;
        let to = peerIds[Math.floor(Math.random() * peerIds.length)]!;
        if (to === from.member.id) to = peerIds[(peerIds.indexOf(to) + 1) % peerIds.length]!;
        from.socket.emit('message:send', { peer_id: to, text: `t:${now()}`, client_id: crypto.randomUUID() }, (ack: { ok: boolean }) => {
          if (!ack.ok) failedAcks++;
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  return sent;
}

/**
 * After the server restarts, every socket comes back on its own (its transport closed: the client's reconnection).
 * Answers when all have, with how many refusals other than 'try again later' came meanwhile.
 */
function awaitStorm() {
  let back = 0;
  let refused = 0;
  return new Promise<{ at: number; refused: number }>((resolve) => {
    for (const { socket } of sockets) {
      socket.once('disconnect', () => {
        socket.once('connect', () => {
          if (++back === sockets.length) resolve({ at: Date.now(), refused });
        });
      });
      socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
        // Refused by the server for another reason than 'try again later' (a connection failing is retried).
        if (error.data?.code && error.data.code !== 'TRY_AGAIN') refused++;
      });
    }
  });
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'connect') send({ type: 'connected', ...(await connectAll(command.url, command.members, command.concurrency)) });
    if (command.type === 'load') {
      const sent = await load(command.rate, command.seconds, command.peerIds);
      send({ type: 'loaded', sent, failedAcks });
    }
    if (command.type === 'storm') {
      const storm = awaitStorm();
      send({ type: 'storm-armed' });
      send({ type: 'storm-back', ...(await storm) });
    }
    if (command.type === 'close') {
      // Receivers in this process may still get messages sent by the others: hand over what arrived, then close.
      send({ type: 'latencies', values: latencies });
      sockets.forEach(({ socket }) => socket.disconnect());
      sockets = [];
      setTimeout(() => process.exit(0), 200);
    }
  })();
});
