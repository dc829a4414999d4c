/**
 * Community fan-out: one community of BENCH_MEMBERS members (default 2,000) of whom BENCH_CONNECTED (default 1,000)
 * are connected; members send BENCH_RATE messages/s (default 20) for BENCH_SECONDS (default 5) through the real
 * send path (validation, membership and time-out check, one insert, one broadcast to the community's room). The
 * same load then goes through a bare socket.io room broadcast as the baseline. Prints the p50/p99 delivery latency
 * over every (message, connected member) pair, the p99 of the time until a message reached every connected member
 * (but its sender, whose ack carries it, in the app as in the baseline), messages lost, and database row writes per
 * message.
 *   BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database) instead of the embedded server
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { connectClients } from './chat-clients.ts';
import { runtimeFlags } from '../apps/server/build.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const CONNECTED = Math.min(MEMBERS, Number(process.env.BENCH_CONNECTED ?? 1000));
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Ready {
  port: number;
  members: Array<{ id: number; token: string }>;
  communityId: number;
}

function startServer(mode: 'app' | 'bare') {
  const child = fork(path.join(import.meta.dirname, 'community-server.ts'), [mode, String(MEMBERS), String(CONNECTED)], {
    execArgv: ['--import', 'tsx', ...runtimeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  const writes = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { n: number }).n));
      child.send({ type: 'writes' });
    });
  return { child, ready, writes };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function run(mode: 'app' | 'bare') {
  const server = startServer(mode);
  const { port, members, communityId } = await server.ready;
  const url = `http://127.0.0.1:${port}/ws/chat`;
  const sentAt = new Map<string, number>();
  const reached = new Map<string, number>();
  const latencies: number[] = [];
  const toEveryone: number[] = [];
  let failedAcks = 0;

  const sockets = await connectClients(url, members, (socket) =>
    socket.on('community:message:new', (message: { client_id: string }) => {
      const t0 = sentAt.get(message.client_id);
      if (t0 === undefined) return;
      const latency = performance.now() - t0;
      latencies.push(latency);
      const n = (reached.get(message.client_id) ?? 0) + 1;
      reached.set(message.client_id, n);
      // Every connected member but the sender, whose ack carries the message (app and bare alike).
      if (n === members.length - 1) {
        toEveryone.push(latency);
        sentAt.delete(message.client_id);
        reached.delete(message.client_id);
      }
    }),
  );
  // Every socket is in the room once the app has counted all of them online (the bare server joins at connect).
  if (mode === 'app')
    await new Promise<void>((resolve) => {
      const check = (e: { online_count: number }) => e.online_count >= members.length && resolve();
      sockets.at(-1)!.on('community:online', check);
      sockets[0]!.on('community:online', check);
    });

  const writesBefore = await server.writes();
  const total = RATE * SECONDS;
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE)) - sent;
      for (let k = 0; k < due && sent < total; k++, sent++) {
        const client_id = crypto.randomUUID();
        sentAt.set(client_id, performance.now());
        sockets[(sent * 7) % sockets.length]!.emit(
          'community:send',
          { community_id: communityId, text: `m${sent}`, client_id },
          (ack: { ok: boolean }) => {
            if (!ack.ok) failedAcks++;
          },
        );
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const drainDeadline = performance.now() + 15_000;
  while (sentAt.size && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));
  // PostgreSQL publishes other connections' table statistics within a second.
  await new Promise((r) => setTimeout(r, 1200));
  const writes = (await server.writes()) - writesBefore;

  sockets.forEach((s) => s.disconnect());
  server.child.disconnect();
  latencies.sort((a, b) => a - b);
  toEveryone.sort((a, b) => a - b);
  return {
    mode,
    sent,
    lost: sentAt.size,
    failedAcks,
    deliveries: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    p99Everyone: percentile(toEveryone, 99),
    writesPerMessage: writes / sent,
  };
}

console.log(
  `community fan-out on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the default install'}: ${MEMBERS} members, ${CONNECTED} connected, ${RATE} messages/s for ${SECONDS} s`,
);
const app = await run('app');
const bare = await run('bare');
const row = (r: typeof app) =>
  `${r.mode.padEnd(5)} sent ${r.sent}  lost ${r.lost}  failed acks ${r.failedAcks}  deliveries ${r.deliveries}  ` +
  `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  p99 to every member ${r.p99Everyone.toFixed(1)} ms  db writes/message ${r.writesPerMessage.toFixed(2)}`;
console.log(row(app));
console.log(row(bare));
// The bare broadcast's p99 to every member as a share of the app's: 100% would mean the app adds nothing.
console.log(
  `community: ratio ${((bare.p99Everyone / app.p99Everyone) * 100).toFixed(0)}% of bare (p99 delivery to every connected member)`,
);
if (app.lost || app.failedAcks) {
  console.error(`FAIL: ${app.lost} messages lost, ${app.failedAcks} failed acks`);
  process.exit(1);
}
process.exit(0);
