/**
 * Across processes: BENCH_CLIENTS (1,000) members send private messages at a steady BENCH_RATE (500 messages/s) for
 * BENCH_SECONDS (10, after BENCH_WARMUP_SECONDS of 3) through the real send path, connected through one load
 * balancer (a round-robin TCP proxy in this process, as a deployment's would be), first to one app process and then
 * to two. The processes are one deployment: a scratch database on the machine's PostgreSQL and its Redis (the
 * realtime adapter: an event reaches only the processes holding its rooms). With two, members are spread over both,
 * so about half the messages cross to the other process through Redis. Prints, for one process next to two, the
 * messages delivered per second (send to the receiver's message:new), p50/p99 delivery latency, messages lost, and the
 * servers' CPU time per message (user + system, summed over the app processes, asked of each over IPC).
 *   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): the PostgreSQL server the scratch database goes on
 *   BENCH_REDIS_URL (REDIS_URL, else redis://127.0.0.1:6379): the Redis the processes share (Redis 7: sharded pub/sub)
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { connectClients } from './chat-clients.ts';
import { drained, newTally, sendPrivateMessages } from './private-load.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { serverChild } from './server-child.ts';
import { runtimeFlags } from '../apps/server/build.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DATABASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How long the last messages may take to arrive before they count as lost. */
const DRAIN_MS = 30_000;

type Member = { id: number; token: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

function startServer(role: 'seed' | 'join', env: Record<string, string>) {
  const child = fork(path.join(import.meta.dirname, 'cluster-server.ts'), [role, String(CLIENTS)], {
    execArgv: ['--import', 'tsx', ...runtimeFlags],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { ready, ask, stop } = serverChild<{ port: number; members: Member[] }>(child, role);
  const cpu = async () => (await ask<{ n: number }>('cpu')).n;
  return { ready, cpu, stop };
}

/** The load balancer: each new connection goes to the next app process in turn, its bytes piped both ways. */
function startBalancer() {
  let backends: number[] = [];
  let turn = 0;
  /** Connections sent to each process since the last route(). */
  let counts: number[] = [];
  const server = net.createServer((client) => {
    const index = turn++ % backends.length;
    counts[index]!++;
    const upstream = net.connect(backends[index]!, '127.0.0.1');
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    for (const side of [client, upstream]) side.on('error', end).on('close', end);
  });
  return {
    listening: new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    route(ports: number[]) {
      backends = ports;
      turn = 0;
      counts = ports.map(() => 0);
    },
    counts: () => counts.join('/'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Members connected through the balancer send for `seconds` at RATE; what arrived, how fast, at what server CPU. */
async function measure(url: string, members: Member[], cpu: Array<() => Promise<number>>) {
  let inFlight = new Map<string, number>();
  let latencies: number[] = [];
  let lastDelivery = 0;
  const sockets: Socket[] = await connectClients(url, members, (socket, member) =>
    socket.on('message:new', (message: { receiver_id: number; client_id: string }) => {
      const t0 = message.receiver_id === member.id ? inFlight.get(message.client_id) : undefined;
      if (t0 === undefined) return;
      inFlight.delete(message.client_id);
      lastDelivery = performance.now();
      latencies.push(lastDelivery - t0);
    }),
  );
  let serial = 0;
  let tally = newTally();
  const load = async (seconds: number) => {
    tally = newTally();
    inFlight = tally.inFlight;
    latencies = [];
    const total = Math.round(RATE * seconds);
    const started = performance.now();
    serial = await sendPrivateMessages(sockets, members, { rate: RATE, total, serial }, tally);
    await drained(tally, DRAIN_MS);
    return { started, sent: total };
  };
  const cpuNow = async () => (await Promise.all(cpu.map((ask) => ask()))).reduce((a, b) => a + b, 0);
  if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
  const cpuBefore = await cpuNow();
  const { started, sent } = await load(SECONDS);
  const cpuUs = (await cpuNow()) - cpuBefore;
  const sorted = latencies.sort((a, b) => a - b);
  sockets.forEach((s) => s.disconnect());
  // Let the servers finish the disconnects' own work (presence, last seen) before what comes next.
  await sleep(1500);
  return {
    delivered: sorted.length,
    perSecond: sorted.length / ((lastDelivery - started) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    lost: inFlight.size,
    failedAcks: tally.failedAcks,
    cpuPerMessageUs: cpuUs / Math.max(1, sorted.length),
    sent,
  };
}

const scratch = await createScratchDatabase(DATABASE, 'cluster');
const env = { BENCH_CLUSTER_DATABASE: scratch.url, BENCH_CLUSTER_REDIS: REDIS, BENCH_CLUSTER_KEY: `bench-cluster-${Date.now()}` };
const balancer = startBalancer();
const url = `http://127.0.0.1:${await balancer.listening}/ws/chat`;
console.log(
  `across processes: ${CLIENTS} members through one round-robin balancer, private messages at ${RATE}/s for ${SECONDS} s ` +
    `(after ${WARMUP_SECONDS} s of warm-up), on PostgreSQL and Redis; servers run with ${runtimeFlags.join(' ')}`,
);
const first = startServer('seed', env);
const servers = [first];
let results: Array<{ processes: number; spread: string } & Awaited<ReturnType<typeof measure>>> = [];
try {
  const { port, members } = await first.ready;
  balancer.route([port]);
  results.push({ processes: 1, ...(await measure(url, members, [first.cpu])), spread: balancer.counts() });
  // The second process joins the deployment: from here each member lands on one of the two in turn.
  const second = startServer('join', env);
  servers.push(second);
  balancer.route([port, (await second.ready).port]);
  results.push({ processes: 2, ...(await measure(url, members, [first.cpu, second.cpu])), spread: balancer.counts() });
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await balancer.close();
  await scratch.drop();
}
for (const r of results)
  console.log(
    `  ${r.processes} process${r.processes > 1 ? 'es' : '  '} (members ${r.spread})  delivered ${r.delivered} of ${r.sent}  ${r.perSecond.toFixed(0)}/s  ` +
      `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  lost ${r.lost}  failed acks ${r.failedAcks}  ` +
      `server CPU ${r.cpuPerMessageUs.toFixed(0)} µs/message`,
  );
const [one, two] = results;
if (one && two)
  console.log(
    `cluster: two processes deliver ${((two.perSecond / one.perSecond) * 100).toFixed(0)}% of one's messages/s ` +
      `at ${(two.cpuPerMessageUs / one.cpuPerMessageUs).toFixed(2)}× its server CPU per message`,
  );
results = results.filter((r) => r.lost || r.failedAcks);
if (results.length) {
  console.error(`FAIL: messages refused or lost (${results.map((r) => `${r.processes} process(es)`).join(', ')})`);
  process.exit(1);
}
process.exit(0);
