/**
 * Private chat capacity: BENCH_CLIENTS (1,000) authenticated socket.io clients send messages at a stepped total rate
 * through the real send path (validation, authorization, persistence, the ack, then message:new to the receiver and to
 * the sender's other tabs), and the same load through a bare socket.io relay in the same run: both are started and
 * connected first, then stepped in turns (the app, then the relay, at each rate). Each step runs
 * BENCH_STEP_SECONDS after a warm-up; a step passes when every message is acknowledged and delivered and the p99
 * delivery latency (send -> receiver's message:new) is at most 50 ms (a step that does not is run once more). Capacity
 * is the highest rate passed with every step below it passed: the stepping ends at the first step that fails twice
 * (a higher step passing after it would be a lull of the machine, not capacity). The closing line is app capacity /
 * relay's.
 *   BENCH_CLIENTS (1000), BENCH_STEPS messages/s (250 … 30,000),
 *   BENCH_STEP_SECONDS (5), BENCH_WARMUP_SECONDS (3), BENCH_ONLY=app|relay (one side, while developing);
 *   BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database) instead of the default install;
 *   BENCH_CPU_PROF=<dir> writes a CPU profile of the app server there (open it in Chrome's DevTools);
 *   BENCH_LOAD_PROF=<dir> a CPU profile and a sampled profile of where the server allocates, of the load only (from
 *   the clients connected to the last step; with both sides, the other side's steps are idle time in it: use it with
 *   BENCH_ONLY), for the app or the relay (BENCH_LOAD_PROF_LIVE=1: what is still alive;
 *   BENCH_LOAD_PROF_OLD=1: what reached the old generation; BENCH_SAMPLING_INTERVAL: bytes between samples, 16384);
 *   BENCH_TRACE_GC=1 (or nvp) prints the server's garbage collections; BENCH_TRACE_LOOP=1 its event loop's delay and
 *   collection pauses every 5 s; BENCH_TRACE_STALLS=1 a timeline, on the wall clock both processes share: after each
 *   step the 100 ms windows whose slowest message took over 25 ms, and from the server as they happen its collection
 *   pauses of 3 ms or more and its event loop coming back 25 ms or more late, and from a probe of the disk each flush
 *   of 15 ms or more (bench/disk-probe.ts), so each slow window can be put beside what the server and the disk were
 *   doing then;
 *   BENCH_SERVER_FLAGS='--flag …' passes Node or V8 options to both servers (a V8 trace, a runtime setting to try).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { connectClients, printSlowWindows } from './chat-clients.ts';
import { drained, newTally, sendPrivateMessages } from './private-load.ts';
import { serverChild } from './server-child.ts';
import { runtimeFlags } from '../apps/server/build.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const STEPS = (
  process.env.BENCH_STEPS ??
  '250,500,750,1000,1500,2000,2500,3000,3500,4000,5000,6000,7000,8000,9000,10000,11000,12000,13000,14000,16000,18000,20000,22000,24000,27000,30000'
)
  .split(',')
  .map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const P99_LIMIT_MS = 50;
/** How long a step's last messages may take to arrive before they count as lost. */
const DRAIN_MS = 30_000;
const TRACE_STALLS = Boolean(process.env.BENCH_TRACE_STALLS);
/** BENCH_TRACE_STALLS: the disk's slow flushes, which every commit waits for, printed beside the slow windows. */
const diskProbe = TRACE_STALLS
  ? fork(path.join(import.meta.dirname, 'disk-probe.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
  : undefined;

/** A full collection of this process, on demand (the flag taken at run time: the file is started by tsx, without it). */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

type Mode = 'app' | 'relay';
interface Ready {
  port: number;
  members: Array<{ id: number; token: string }>;
  heap: number;
}

function startServer(mode: Mode) {
  const profile = mode === 'app' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(path.join(import.meta.dirname, 'chat-server.ts'), [mode, String(CLIENTS)], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      // The runtime's settings the app runs with (apps/server/build.mjs), given to the relay as well.
      ...runtimeFlags,
      ...(process.env.BENCH_TRACE_GC ? [process.env.BENCH_TRACE_GC === 'nvp' ? '--trace-gc-nvp' : '--trace-gc'] : []),
      ...profile,
      // Node or V8 options for the server while developing (both sides, so the comparison stays fair).
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { ready, ask, stop } = serverChild<Ready>(child, mode);
  const heap = async () => (await ask<{ heap: number }>('heap')).heap;
  return { ready, heap, stop };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface StepResult {
  rate: number;
  sent: number;
  achievedRate: number;
  lost: number;
  failedAcks: number;
  p50: number;
  p99: number;
  passed: boolean;
}

/** One side of the comparison, its server started and its clients connected: stepped by the loop below. */
async function open(mode: Mode) {
  const server = startServer(mode);
  const { port, members, heap: heapBefore } = await server.ready;
  // Sent and not yet delivered to its receiver: client_id -> send time.
  let inFlight = new Map<string, number>();
  let latencies: number[] = [];
  // BENCH_TRACE_STALLS: each delivered message's send time (epoch ms) and latency.
  let timeline: Array<[number, number]> = [];
  const errors = new Map<string, number>();
  const delivered = (clientId: string) => {
    const t0 = inFlight.get(clientId);
    if (t0 === undefined) return;
    inFlight.delete(clientId);
    const latency = performance.now() - t0;
    latencies.push(latency);
    if (TRACE_STALLS) timeline.push([performance.timeOrigin + t0, latency]);
  };
  const sockets = await connectClients(`http://127.0.0.1:${port}/ws/chat`, members, (socket, member) =>
    socket.on('message:new', (message: { receiver_id: number; client_id: string }) => {
      if (message.receiver_id === member.id) delivered(message.client_id);
    }),
  );
  const heapPerSocketKb = ((await server.heap()) - heapBefore) / members.length / 1024;
  let serial = 0;

  /** Sends `rate` messages/s for `seconds`, then waits for them to arrive. */
  async function step(rate: number, seconds: number): Promise<StepResult> {
    const tally = newTally(errors);
    inFlight = tally.inFlight;
    latencies = [];
    timeline = [];
    const total = Math.round(rate * seconds);
    const started = performance.now();
    serial = await sendPrivateMessages(sockets, members, { rate, total, serial }, tally);
    const sent = total;
    const achievedRate = sent / ((performance.now() - started) / 1000);
    await drained(tally, DRAIN_MS);
    if (TRACE_STALLS) printSlowWindows(timeline);
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      rate,
      sent,
      achievedRate,
      lost: inFlight.size,
      failedAcks: tally.failedAcks,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    };
    return { ...result, passed: !result.lost && !result.failedAcks && result.p99 <= P99_LIMIT_MS && achievedRate >= rate * 0.95 };
  }

  if (WARMUP_SECONDS > 0) await step(STEPS[0]!, WARMUP_SECONDS);
  const side = {
    mode,
    step,
    steps: [] as StepResult[],
    /** The highest rate passed with every step below it passed. */
    capacity: 0,
    /** A step failed twice: this side steps no higher. */
    done: false,
    heapPerSocketKb,
    errors,
    async close() {
      // Asked again so a profile of the load (BENCH_LOAD_PROF) ends before the clients leave.
      if (process.env.BENCH_LOAD_PROF) await server.heap();
      sockets.forEach((s) => s.disconnect());
      // Let the server finish the disconnects' own work before it shuts down.
      await sleep(1500);
      await server.stop();
    },
  };
  return side;
}

const only = process.env.BENCH_ONLY as Mode | undefined;
console.log(
  `chat capacity on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the default install'}: ${CLIENTS} clients, ` +
    `steps of ${STEP_SECONDS} s (${STEPS.join(', ')} msg/s), passing with p99 ≤ ${P99_LIMIT_MS} ms and nothing lost; ` +
    `both servers run with ${runtimeFlags.join(' ')}`,
);
// Both sides are opened first and then stepped in turns, the app and the relay at each rate, so that a slow or a busy
// moment of the shared machine falls on both alike instead of on one side's whole run (run alone, the relay reached
// 10,000 and 13,000 msg/s minutes apart on one machine). A side's idle clients meanwhile cost little: a heartbeat each
// 25 s.
const results: Array<Awaited<ReturnType<typeof open>>> = [];
for (const mode of ['app', 'relay'] as const) if (!only || only === mode) results.push(await open(mode));
// A step over the limit is run once more (a disk sync stalling or another process busy for a moment fails a step now
// and then on a shared machine); a step failing twice ends that side's stepping, and the step below it is its capacity.
for (const rate of STEPS) {
  const stepping = results.filter((side) => !side.done);
  if (!stepping.length) break;
  for (const side of stepping) {
    let result: StepResult | undefined;
    for (let attempt = 1; attempt <= 2 && !result?.passed; attempt++) {
      await sleep(500);
      result = await side.step(rate, STEP_SECONDS);
      side.steps.push(result);
      console.log(
        `  ${side.mode.padEnd(5)} ${String(rate).padStart(5)}/s  sent ${result.sent}  achieved ${result.achievedRate.toFixed(0)}/s  ` +
          `p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  lost ${result.lost}  failed acks ${result.failedAcks}` +
          `${result.passed ? '' : attempt === 1 ? '  <- over the limit, once more' : '  <- over the limit'}`,
      );
    }
    if (result!.passed) side.capacity = rate;
    else {
      side.done = true;
      // Stopped at once: its database's writing behind (checkpoint, vacuum) falls on no step of the other side.
      await side.close();
      // Its thousand clients are garbage in this process now. Collected here and the other side warmed up again, as
      // when the sides ran one after the other, rather than in the middle of the other side's next step.
      collectGarbage();
      for (const other of results) if (!other.done && WARMUP_SECONDS > 0) await other.step(STEPS[0]!, WARMUP_SECONDS);
    }
  }
}
for (const side of results) if (!side.done) await side.close();
diskProbe?.kill();
for (const r of results) {
  const best = r.steps.find((s) => s.rate === r.capacity && s.passed);
  console.log(
    `${r.mode.padEnd(5)} capacity ${r.capacity} msg/s` +
      (best ? ` (p50 ${best.p50.toFixed(1)} ms, p99 ${best.p99.toFixed(1)} ms)` : '') +
      (r.capacity === STEPS.at(-1) ? ' (the highest step: at least this much)' : '') +
      `  heap/socket ${r.heapPerSocketKb.toFixed(1)} KB` +
      (r.errors.size ? `  errors ${JSON.stringify(Object.fromEntries(r.errors))}` : ''),
  );
}
const app = results.find((r) => r.mode === 'app');
const relay = results.find((r) => r.mode === 'relay');
if (app && relay) console.log(`chat: ratio ${((app.capacity / relay.capacity) * 100).toFixed(0)}% of bare`);
const failures = results.flatMap((r) => r.steps.filter((s) => s.failedAcks || s.lost).map((s) => `${r.mode} at ${s.rate}/s`));
if (failures.length) {
  console.error(`FAIL: messages refused or lost (${failures.join(', ')})`);
  process.exit(1);
}
process.exit(0);
