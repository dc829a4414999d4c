/**
 * Private chat delivery: N authenticated socket.io clients send at a fixed total rate for ~10 s through the real
 * send path (validation, authorization, PostgreSQL-compatible persistence, then message:new to both rooms), and
 * the same load through a bare socket.io relay as the baseline. Prints delivery latency (send -> receiver's
 * message:new), messages lost, and server heap per socket.
 *   BENCH_CLIENTS (default 1000), BENCH_RATE messages/s (default 500), BENCH_SECONDS (default 10);
 *   BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database) instead of PGlite
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TICK_MS = 10;

interface Ready {
  port: number;
  members: Array<{ id: number; token: string }>;
  heap: number;
}

function startServer(mode: 'app' | 'relay') {
  const child = fork(path.join(import.meta.dirname, 'chat-server.ts'), [mode, String(CLIENTS)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  const heap = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { heap: number }).heap));
      child.send({ type: 'heap' });
    });
  return { child, ready, heap };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function run(mode: 'app' | 'relay') {
  const server = startServer(mode);
  const { port, members, heap: heapBefore } = await server.ready;
  const url = `http://127.0.0.1:${port}/ws/chat`;
  const sockets: Socket[] = [];
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let failedAcks = 0;

  for (let i = 0; i < members.length; i += 50) {
    const batch = members.slice(i, i + 50).map(
      (m) =>
        new Promise<Socket>((resolve, reject) => {
          const s = io(url, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: { token: m.token },
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
          s.on('message:new', (message: { receiver_id: number; client_id: string }) => {
            if (message.receiver_id !== m.id) return;
            const t0 = sentAt.get(message.client_id);
            if (t0 === undefined) return;
            sentAt.delete(message.client_id);
            latencies.push(performance.now() - t0);
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  const heapConnected = await server.heap();

  const total = RATE * SECONDS;
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      // Catch up on ticks the timer fired late, so the rate holds.
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE)) - sent;
      for (let k = 0; k < due && sent < total; k++, sent++) {
        const from = sent % members.length;
        // Each round pairs every client with a different peer, never itself.
        const to = (from + 1 + (Math.floor(sent / members.length) % (members.length - 1))) % members.length;
        const client_id = crypto.randomUUID();
        sentAt.set(client_id, performance.now());
        sockets[from]!.emit('message:send', { peer_id: members[to]!.id, text: `m${sent}`, client_id }, (ack: { ok: boolean }) => {
          if (!ack.ok) failedAcks++;
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const sendSeconds = (performance.now() - started) / 1000;
  const drainDeadline = performance.now() + 15_000;
  while (sentAt.size && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));

  sockets.forEach((s) => s.disconnect());
  server.child.disconnect();
  latencies.sort((a, b) => a - b);
  return {
    mode,
    sent,
    delivered: latencies.length,
    lost: sentAt.size,
    failedAcks,
    achievedRate: sent / sendSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    heapPerSocketKb: (heapConnected - heapBefore) / members.length / 1024,
  };
}

console.log(
  `chat delivery on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}: ${CLIENTS} clients, ${RATE} messages/s for ${SECONDS} s`,
);
const app = await run('app');
const relay = await run('relay');
const row = (r: typeof app) =>
  `${r.mode.padEnd(6)} sent ${r.sent}  delivered ${r.delivered}  lost ${r.lost}  failed acks ${r.failedAcks}  rate ${r.achievedRate.toFixed(0)}/s  ` +
  `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  heap/socket ${r.heapPerSocketKb.toFixed(1)} KB`;
console.log(row(app));
console.log(row(relay));
console.log(
  `app / relay: p50 x${(app.p50 / relay.p50).toFixed(1)}  p95 x${(app.p95 / relay.p95).toFixed(1)}  p99 x${(app.p99 / relay.p99).toFixed(1)}  heap/socket x${(app.heapPerSocketKb / relay.heapPerSocketKb).toFixed(1)}`,
);
if (app.lost || app.failedAcks) {
  console.error(`FAIL: ${app.lost} messages lost, ${app.failedAcks} failed acks`);
  process.exit(1);
}
process.exit(0);
