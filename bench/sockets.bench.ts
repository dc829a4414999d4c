/**
 * Many members connected: BENCH_SOCKETS (10,000) authenticated sockets on one server process, next to a bare
 * socket.io server (a claimed id, one room per member) measured the same way in the same run. Prints the connect
 * rate, the server's heap per socket (after a full GC, over the heap before anyone connected), and the p99 delivery
 * latency of messages (send -> receiver's message:new) under a light steady load while all are connected (beside a
 * disk sync's, timed meanwhile: each commit waits for one), the server's
 * CPU time per connect and per message and its database round trips per connect (each member is in 3 communities and
 * 2 groups, see sockets-seed.ts), and a reconnect storm: the server restarts and every client comes back by itself
 * with the web app's reconnection (back-off with jitter), timed from the new server listening to the last one back. The
 * clients run in BENCH_CLIENT_PROCS (2) child processes, so their own work is spread like real clients'.
 *   BENCH_SOCKETS (10000), BENCH_CONCURRENCY connections being opened at once (200), BENCH_RATE messages/s (100),
 *   BENCH_SECONDS (25, socket.io's heartbeat); BENCH_ONLY=app|relay|relay-write runs one server alone;
 *   BENCH_SERVER_FLAGS='--flag …' passes Node or V8 options to every server (a runtime setting to try); BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database);
 *   BENCH_CPU_PROF=<dir> writes a CPU profile of the app server there; BENCH_LOAD_PROF=<dir> one of each server's idle
 *   and load windows alone (the idle window first; and a sample of what they allocate).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runtimeFlags } from '../apps/server/build.mjs';
import { sampleDiskSyncs } from './disk-sync.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 100);
// The idle and the load windows each span socket.io's heartbeat (a ping every 25 s on both servers): every socket
// pings about once in each, whenever it connected, so what the pings cost cancels out of the CPU per message above idle.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 25);

type Mode = 'app' | 'relay' | 'relay-write';
type Member = { id: number; token: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** The next IPC message of this type from a child. */
const reply = <T>(child: ChildProcess, type: string) =>
  new Promise<T>((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited with ${code} while waiting for ${type}`)));
  });

async function run(mode: Mode) {
  const profile = mode === 'app' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = fork(path.join(import.meta.dirname, 'chat-server.ts'), [mode, String(SOCKETS)], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...runtimeFlags,
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      ...profile,
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_ROOMS: '1', BENCH_PROF_ON_ASK: '1' },
  });
  /** The server's CPU time (µs) and database queries so far. */
  const usage = async () => {
    server.send({ type: 'cpu' });
    return reply<{ cpu: number; queries: number }>(server, 'cpu');
  };
  const serverMemory = async () => {
    server.send({ type: 'heap' });
    return (await reply<{ heap: number; rss: number }>(server, 'heap')).heap;
  };
  const { port, members, heap: heapBefore } = await reply<{ port: number; members: Member[]; heap: number }>(server, 'ready');
  const clients = Array.from({ length: PROCS }, () =>
    fork(path.join(import.meta.dirname, 'sockets-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const url = `http://127.0.0.1:${port}/ws/chat`;

  const beforeConnect = await usage();
  const started = performance.now();
  const connected = await Promise.all(
    clients.map((client, i) => {
      const share = members.filter((_, k) => k % PROCS === i);
      const done = reply<{ ms: number; failed: number }>(client, 'connected');
      client.send({ type: 'connect', url, members: share, concurrency: Math.ceil(CONCURRENCY / PROCS) });
      return done;
    }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  const failed = connected.reduce((n, c) => n + c.failed, 0);
  // Let the connections' own background work (presence, rooms) settle before weighing the heap.
  await sleep(3000);
  const afterConnect = await usage();
  const heapPerSocket = ((await serverMemory()) - heapBefore) / (SOCKETS - failed);

  // What 10,000 idle connections cost by themselves (heartbeats, timers), to tell a message's own cost from it; after
  // a pause, since weighing the heap forced a full collection whose aftermath would be counted as idle work.
  await sleep(2000);
  const profiling = process.env.BENCH_LOAD_PROF;
  if (profiling) {
    server.send({ type: 'profile-start' });
    await reply(server, 'profiling');
  }
  const idleFrom = await usage();
  const idleStarted = performance.now();
  await sleep(SECONDS * 1000);
  const idleCpuPerSecond = ((await usage()).cpu - idleFrom.cpu) / ((performance.now() - idleStarted) / 1000);

  const peerIds = members.map((m) => m.id);
  const beforeLoad = await usage();
  const loadStarted = performance.now();
  const stopSyncs = sampleDiskSyncs();
  const loads = await Promise.all(
    clients.map((client) => {
      const done = reply<{ sent: number; failedAcks: number }>(client, 'loaded');
      client.send({ type: 'load', rate: RATE / PROCS, seconds: SECONDS, peerIds });
      return done;
    }),
  );
  const syncs = stopSyncs();
  await sleep(2000);
  const afterLoad = await usage();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  if (profiling) {
    server.send({ type: 'profile-stop' });
    await reply(server, 'profiled');
  }
  // The storm: the server restarts as a deploy restarts it, and every member's client comes back by itself.
  const armed = clients.map((client) => reply(client, 'storm-armed'));
  const backs = clients.map((client) => reply<{ at: number; refused: number }>(client, 'storm-back'));
  for (const client of clients) client.send({ type: 'storm' });
  await Promise.all(armed);
  const restartAsked = Date.now();
  server.send({ type: 'restart' });
  await reply(server, 'restarted');
  const listening = Date.now();
  const back = await Promise.all(backs);
  const allBack = Math.max(...back.map((b) => b.at));
  const latencies = (
    await Promise.all(
      clients.map((client) => {
        const done = reply<{ values: number[] }>(client, 'latencies');
        client.send({ type: 'close' });
        return done;
      }),
    )
  )
    .flatMap((r) => r.values)
    .sort((a, b) => a - b);
  await Promise.all(clients.map((client) => new Promise((resolve) => client.once('exit', resolve))));
  await sleep(1000);
  await new Promise((resolve) => (server.once('exit', resolve), server.disconnect()));
  const sent = loads.reduce((n, l) => n + l.sent, 0);
  const connectedCount = SOCKETS - failed;
  return {
    cpuMsPerConnect: (afterConnect.cpu - beforeConnect.cpu) / 1000 / connectedCount,
    queriesPerConnect: (afterConnect.queries - beforeConnect.queries) / connectedCount,
    cpuMsPerMessage: (afterLoad.cpu - beforeLoad.cpu) / 1000 / Math.max(1, sent),
    queriesPerMessage: (afterLoad.queries - beforeLoad.queries) / Math.max(1, sent),
    idleCpuMsPerSecond: idleCpuPerSecond / 1000,
    cpuMsPerMessageAboveIdle: (afterLoad.cpu - beforeLoad.cpu - idleCpuPerSecond * loadSeconds) / 1000 / Math.max(1, sent),
    restartSeconds: (listening - restartAsked) / 1000,
    stormSeconds: (allBack - listening) / 1000,
    stormRefused: back.reduce((n, b) => n + b.refused, 0),
    mode,
    connectRate: (SOCKETS - failed) / connectSeconds,
    connectSeconds,
    failed,
    heapPerSocketKb: heapPerSocket / 1024,
    sent,
    delivered: latencies.length,
    failedAcks: loads.reduce((n, l) => n + l.failedAcks, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    syncP50: percentile(syncs, 50),
    syncP99: percentile(syncs, 99),
  };
}

console.log(
  `many members connected on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the default install'}: ${SOCKETS} sockets ` +
    `from ${PROCS} client processes, then ${RATE} messages/s for ${SECONDS} s`,
);
const results: Array<Awaited<ReturnType<typeof run>>> = [];
// BENCH_ONLY=app|relay|relay-write: one server alone, while developing (no ratios then).
const only = process.env.BENCH_ONLY as Mode | undefined;
for (const mode of ['app', 'relay', 'relay-write'] as const) {
  if (only && only !== mode) continue;
  const r = await run(mode);
  results.push(r);
  console.log(
    `${mode.padEnd(11)} connected ${SOCKETS - r.failed} in ${r.connectSeconds.toFixed(1)} s (${r.connectRate.toFixed(0)}/s, ${r.failed} refused)  ` +
      `heap/socket ${r.heapPerSocketKb.toFixed(1)} KB  messages sent ${r.sent} delivered ${r.delivered} failed acks ${r.failedAcks}  ` +
      `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms (a disk sync meanwhile: p50 ${r.syncP50.toFixed(1)} ms, p99 ${r.syncP99.toFixed(1)} ms)`,
  );
  console.log(
    `      server CPU ${r.cpuMsPerConnect.toFixed(2)} ms/connect, ${r.queriesPerConnect.toFixed(2)} database round trips/connect, ` +
      `${r.cpuMsPerMessage.toFixed(2)} ms/message (${r.cpuMsPerMessageAboveIdle.toFixed(2)} above idle; idle ${r.idleCpuMsPerSecond.toFixed(0)} ms/s), ` +
      `${r.queriesPerMessage.toFixed(2)} database round trips/message; restarted in ${r.restartSeconds.toFixed(1)} s, then all ${SOCKETS - r.failed} ` +
      `back in ${r.stormSeconds.toFixed(1)} s (${r.stormRefused} refused)`,
  );
}
if (only) process.exit(results[0]!.failed || results[0]!.failedAcks ? 1 : 0);
const [app, relay, relayWrite] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
console.log(
  `app / bare: connect rate ${((app.connectRate / relay.connectRate) * 100).toFixed(0)}%, heap per socket x${(app.heapPerSocketKb / relay.heapPerSocketKb).toFixed(2)}, ` +
    `p99 x${(app.p99 / relay.p99).toFixed(1)}, CPU per connect x${(app.cpuMsPerConnect / relay.cpuMsPerConnect).toFixed(1)}, ` +
    `CPU per message x${(app.cpuMsPerMessage / relay.cpuMsPerMessage).toFixed(1)} ` +
    `(above idle x${(app.cpuMsPerMessageAboveIdle / relay.cpuMsPerMessageAboveIdle).toFixed(1)}, idle x${(app.idleCpuMsPerSecond / relay.idleCpuMsPerSecond).toFixed(1)}), reconnect storm x${(app.stormSeconds / relay.stormSeconds).toFixed(1)}`,
);
// What the app costs beyond the least that keeps every acknowledged message: the same relay, writing each one first.
console.log(
  `app / relay writing each message: CPU per message x${(app.cpuMsPerMessage / relayWrite.cpuMsPerMessage).toFixed(1)} ` +
    `(above idle x${(app.cpuMsPerMessageAboveIdle / relayWrite.cpuMsPerMessageAboveIdle).toFixed(1)}), p50 x${(app.p50 / relayWrite.p50).toFixed(1)}, ` +
    `p99 x${(app.p99 / relayWrite.p99).toFixed(1)}`,
);
// The closing ratio is the heap per socket (the goal: at most 130% of the bare server's).
console.log(`sockets: ratio ${((app.heapPerSocketKb / relay.heapPerSocketKb) * 100).toFixed(0)}% of bare`);
if (app.failed || app.failedAcks || app.delivered < app.sent || app.stormRefused) {
  console.error(
    `FAIL: ${app.failed} sockets refused, ${app.failedAcks} failed acks, ${app.sent - app.delivered} messages not delivered, ` +
      `${app.stormRefused} refused in the reconnect storm`,
  );
  process.exit(1);
}
process.exit(0);
