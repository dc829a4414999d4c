/**
 * Fan-out: one group chat of BENCH_GROUP_MEMBERS members (default 100, all connected) and one community of
 * BENCH_MEMBERS members (default 10,000) of whom BENCH_CONNECTED (default 2,000) are connected. Members send
 * BENCH_RATE messages/s (default 20) for BENCH_SECONDS (default 5) through the real send path (validation, the
 * conversation core's batched statement with its membership check, one broadcast to the conversation's room). The
 * same load then goes through a bare socket.io room broadcast as the baseline. Prints the p50/p99 delivery latency
 * over every (message, connected member) pair, the p99 of the time until a message reached every connected member
 * (but its sender, whose ack carries it, in the app as in the baseline), messages lost, database row writes per
 * message and the server's CPU time per message.
 *   BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database) instead of the embedded server
 *   BENCH_ONLY=group|community runs one of the two
 *   BENCH_CPU_PROF=<dir> writes a CPU profile of each server there (the whole run: set-up, connects and load)
 * The baseline runs twice: as a bare broadcast, and writing each message by one durable insert first (bare-write).
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { connectClients } from './chat-clients.ts';
import { runtimeFlags } from '../apps/server/build.mjs';

type Kind = 'group' | 'community';
const SCENARIOS: Record<Kind, { members: number; connected: number }> = {
  group: { members: Number(process.env.BENCH_GROUP_MEMBERS ?? 100), connected: Number(process.env.BENCH_GROUP_MEMBERS ?? 100) },
  community: {
    members: Number(process.env.BENCH_MEMBERS ?? 10_000),
    connected: Math.min(Number(process.env.BENCH_MEMBERS ?? 10_000), Number(process.env.BENCH_CONNECTED ?? 2000)),
  },
};
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const EVENTS = {
  group: { send: 'group:send', received: 'group:message:new', key: 'group_id' },
  community: { send: 'community:send', received: 'community:message:new', key: 'community_id' },
} as const;

interface Ready {
  port: number;
  members: Array<{ id: number; token: string }>;
  conversationId: number;
}

/** The app, a bare room broadcast, and that broadcast writing each message first (the least that keeps them). */
type Mode = 'app' | 'bare' | 'bare-write';

function startServer(mode: Mode, kind: Kind) {
  const { members, connected } = SCENARIOS[kind];
  const child = fork(path.join(import.meta.dirname, 'fanout-server.ts'), [mode, kind, String(members), String(connected)], {
    execArgv: [
      '--import',
      'tsx',
      ...runtimeFlags,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  const ask = (type: 'writes' | 'cpu') =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { n: number }).n));
      child.send({ type });
    });
  return { child, ready, writes: () => ask('writes'), cpu: () => ask('cpu') };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function run(mode: Mode, kind: Kind) {
  const server = startServer(mode, kind);
  const events = EVENTS[kind];
  const { port, members, conversationId } = await server.ready;
  const url = `http://127.0.0.1:${port}/ws/chat`;
  const sentAt = new Map<string, number>();
  const reached = new Map<string, number>();
  const latencies: number[] = [];
  const toEveryone: number[] = [];
  let failedAcks = 0;

  const sockets = await connectClients(url, members, (socket) =>
    socket.on(events.received, (message: { client_id: string }) => {
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
  // Every socket is in the room once a probe reaches every member but its sender: the app joins a member's rooms as
  // their socket connects, after looking them up. Probes are not counted.
  const send = (socketIndex: number, text: string, client_id: string, onAck: (ack: { ok: boolean }) => void) =>
    sockets[socketIndex]!.emit(events.send, { [events.key]: conversationId, text, client_id }, onAck);
  for (let probe = 0; ; probe++) {
    const client_id = crypto.randomUUID();
    sentAt.set(client_id, performance.now());
    const everyone = new Promise<boolean>((resolve) => {
      const waited = setTimeout(() => resolve(false), 1000);
      const check = setInterval(() => {
        if (sentAt.has(client_id)) return;
        clearInterval(check);
        clearTimeout(waited);
        resolve(true);
      }, 10);
    });
    send(0, `probe ${probe}`, client_id, () => {});
    if (await everyone) break;
    sentAt.delete(client_id);
    reached.delete(client_id);
    if (probe > 30) throw new Error(`${mode}: the room never held every member`);
  }
  latencies.length = 0;
  toEveryone.length = 0;

  const writesBefore = await server.writes();
  const cpuBefore = await server.cpu();
  const total = RATE * SECONDS;
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE)) - sent;
      for (let k = 0; k < due && sent < total; k++, sent++) {
        const client_id = crypto.randomUUID();
        sentAt.set(client_id, performance.now());
        send((sent * 7) % sockets.length, `m${sent}`, client_id, (ack) => {
          if (!ack.ok) failedAcks++;
        });
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
  const cpu = (await server.cpu()) - cpuBefore;
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
    cpuMsPerMessage: cpu / 1000 / sent,
  };
}

const where = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the default install';
const row = (r: Awaited<ReturnType<typeof run>>) =>
  `${r.mode.padEnd(10)} sent ${r.sent}  lost ${r.lost}  failed acks ${r.failedAcks}  deliveries ${r.deliveries}  ` +
  `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  p99 to every member ${r.p99Everyone.toFixed(1)} ms  ` +
  `db writes/message ${r.writesPerMessage.toFixed(2)}  server CPU/message ${r.cpuMsPerMessage.toFixed(2)} ms`;
let failed = false;
for (const kind of ['group', 'community'] as const) {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== kind) continue;
  const { members, connected } = SCENARIOS[kind];
  console.log(`${kind} fan-out on ${where}: ${members} members, ${connected} connected, ${RATE} messages/s for ${SECONDS} s`);
  const app = await run('app', kind);
  const bare = await run('bare', kind);
  const bareWrite = await run('bare-write', kind);
  console.log(row(app));
  console.log(row(bare));
  console.log(row(bareWrite));
  // The bare broadcast's p99 to every member as a share of the app's (100% would mean the app adds nothing), and
  // the app's server CPU per message as a multiple of the bare relay's.
  console.log(
    `${kind}: ratio ${((bare.p99Everyone / app.p99Everyone) * 100).toFixed(0)}% of bare (p99 delivery to every connected member); ` +
      `server CPU per message ${(app.cpuMsPerMessage / bare.cpuMsPerMessage).toFixed(1)}x the bare relay's, ` +
      `${(app.cpuMsPerMessage / bareWrite.cpuMsPerMessage).toFixed(1)}x when it writes each message too`,
  );
  if (app.lost || app.failedAcks) {
    console.error(`FAIL: ${kind}: ${app.lost} messages lost, ${app.failedAcks} failed acks`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
