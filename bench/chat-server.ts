/**
 * Child process of chat.bench.ts and sockets.bench.ts: either the real app (temporary DATA_DIR with its embedded
 * PostgreSQL, or a scratch PostgreSQL database with BENCH_DATABASE_URL) with N confirmed, set-up members and a live session each, or a bare
 * socket.io relay, or that relay writing each message to the same kind of database first (relay-write). Reports its
 * port, the members' tokens and its heap over IPC.
 *   argv: mode ('app' | 'relay' | 'relay-write'), number of members
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

const mode = process.argv[2] as 'app' | 'relay' | 'relay-write';
const clients = Number(process.argv[3]);
const send = (message: unknown) => process.send!(message);
const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function startApp() {
  const { startBenchApp, insertMembers } = await import('./bench-app.ts');
  const { db, port, restart } = await startBenchApp('chat');
  const members = await insertMembers(db, clients);
  const ids = members.map((m) => m.id);
  if (process.env.BENCH_ROOMS) await (await import('./sockets-seed.ts')).seedMemberships(db, ids);
  // Every statement the app sends is one round trip to the database (BEGIN and COMMIT included): counted at the driver.
  const pg = (await import('pg')).default;
  const query = pg.Client.prototype.query;
  let sent = 0;
  // BENCH_QUERIES=1: each time the bench asks for the count, the statements since the last ask are printed, most
  // frequent first (by prepared name, else the text's start), to tell what a connect or a message reads and writes.
  const tally = process.env.BENCH_QUERIES ? new Map<string, number>() : null;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    sent++;
    if (tally) {
      const q = args[0] as string | { name?: string; text?: string };
      const key = typeof q === 'string' ? q.slice(0, 70) : (q.name ?? q.text?.slice(0, 70) ?? '?');
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const queries = async () => {
    if (tally?.size) {
      const top = [...tally].sort((x, y) => y[1] - x[1]).slice(0, 12);
      console.error(`statements since the last count:\n${top.map(([key, n]) => `  ${String(n).padStart(6)}  ${key}`).join('\n')}`);
      tally.clear();
    }
    return sent;
  };
  return { port, members, queries, restart };
}

type Stored = { id: number; created_at: string | null };
/** How the relay-write baseline stores a message before it answers: one durable statement (durable-write.ts). */
type Store = (senderId: number, payload: { peer_id: number; text: string; client_id: string }) => Promise<Stored>;

/**
 * The baseline: authenticate by a claimed id, forward message:send to both members' rooms (but the sending socket), ack
 * at once. With `store` (mode relay-write), each message is first written by one prepared statement that commits
 * (waiting for the disk, as the app's do) and goes out only then: the least a relay can do that keeps every
 * acknowledged message, so what the app costs beyond it is its own.
 */
async function startRelay(
  withWrite: {
    store: Store;
    members: Array<{ id: number; token: string }>;
    statements: () => number;
    close: () => Promise<void>;
  } | null = null,
) {
  const store = withWrite?.store;
  let nextId = 1;
  const listen = async (port: number) => {
    const server = http.createServer();
    const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
    io.of('/ws/chat').on('connection', relay);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return { server, io };
  };
  const relay = (socket: Socket) => {
    const me = Number(socket.handshake.auth.token);
    void socket.join(`user:${me}`);
    socket.on('message:send', (payload: { peer_id: number; text: string; client_id: string }, ack: (r: unknown) => void) => {
      const deliver = ({ id, created_at }: Stored) => {
        const message = { id, sender_id: me, receiver_id: payload.peer_id, text: payload.text, client_id: payload.client_id, created_at };
        // Like the app: the receiver's tabs and the sender's other tabs, not the sending socket (its ack carries it).
        socket.to([`user:${me}`, `user:${payload.peer_id}`]).emit('message:new', message);
        ack({ ok: true, message });
      };
      if (!store) return deliver({ id: nextId++, created_at: null });
      store(me, payload).then(deliver, () => ack({ ok: false }));
    });
  };
  let running = await listen(0);
  const port = (running.server.address() as AddressInfo).port;
  process.on('disconnect', () => void (withWrite?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  return {
    port,
    members: withWrite?.members ?? Array.from({ length: clients }, (_, i) => ({ id: i + 1, token: String(i + 1) })),
    queries: async () => withWrite?.statements() ?? 0,
    /** Stops listening, drops every connection (transport close, as a stopping process does), listens again. */
    restart: async () => {
      const closed = new Promise((resolve) => running.server.close(resolve));
      running.io.engine.close();
      running.server.closeAllConnections();
      await closed;
      running = await listen(port);
    },
  };
}

/** The relay-write baseline: the app's kind of database, its members, one durable insert per message (durable-write.ts). */
async function startRelayWrite() {
  const { openDurableWrite } = await import('./durable-write.ts');
  const write = await openDurableWrite('relay_write', clients);
  return startRelay({
    store: (senderId, payload) => write.store(senderId, payload.peer_id, payload.text, payload.client_id),
    // The members claim their ids, as with the bare relay.
    members: write.ids.map((id) => ({ id, token: String(id) })),
    statements: write.statements,
    close: write.close,
  });
}

const started = mode === 'app' ? await startApp() : mode === 'relay-write' ? await startRelayWrite() : await startRelay();
let profiling: Awaited<ReturnType<typeof profileLoad>> | undefined;

/**
 * BENCH_LOAD_PROF=<dir>: a CPU profile and a sample of where the server allocates (objects already collected
 * included, unlike --heap-prof's live ones) of the load alone: from the clients connected (the bench asks for the
 * heap then) to the bench asking for it again before the clients leave. Open them in Chrome's DevTools.
 */
async function profileLoad(dir: string) {
  // The callback API: a session on the process's own thread answers synchronously.
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  session.post('HeapProfiler.startSampling', {
    samplingInterval: Number(process.env.BENCH_SAMPLING_INTERVAL ?? 16384),
    // BENCH_LOAD_PROF_LIVE=1: only what is still alive at the end (what the load keeps, rather than what it churns).
    // BENCH_LOAD_PROF_OLD=1: leaves out what died young, so what is left reached the old generation (promoted, or
    // allocated there by V8's pretenuring) and is what the full collections, the stalls, have to clear.
    includeObjectsCollectedByMajorGC: !process.env.BENCH_LOAD_PROF_LIVE,
    includeObjectsCollectedByMinorGC: !process.env.BENCH_LOAD_PROF_LIVE && !process.env.BENCH_LOAD_PROF_OLD,
  });
  return () => {
    const name = path.join(dir, `${mode}-${process.pid}`);
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(`${name}.cpuprofile`, JSON.stringify(result.profile));
    });
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) fs.writeFileSync(`${name}.heapprofile`, JSON.stringify(result.profile));
    });
  };
}
/**
 * BENCH_TRACE_LOOP=1: every 5 s the server prints how long its event loop took to come back to a 5 ms timer (p50, p99
 * and max: 5 ms is on time) and its garbage collections' pauses (count, sum, longest; by kind: 1 young, 4 full,
 * 8 incremental marking steps, 16 weak callbacks), to tell a step's tail apart: a stall of the process, of a
 * collection, or of the database.
 */
if (process.env.BENCH_TRACE_LOOP) {
  const { monitorEventLoopDelay, PerformanceObserver } = await import('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let pauses: Array<{ kind: number; ms: number }> = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ kind: (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0, ms: entry.duration });
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  setInterval(() => {
    const byKind = new Map<number, number>();
    for (const p of pauses) byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + p.ms);
    const sum = pauses.reduce((total, p) => total + p.ms, 0);
    const longest = Math.max(0, ...pauses.map((p) => p.ms));
    console.error(
      `  ${mode} loop delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; ` +
        `gc ${pauses.length} pauses, ${sum.toFixed(0)} ms, longest ${longest.toFixed(1)} ms ` +
        `(${[...byKind].map(([kind, total]) => `kind ${kind}: ${total.toFixed(0)} ms`).join(', ')})`,
    );
    delay.reset();
    pauses = [];
  }, 5000).unref();
}
/**
 * BENCH_TRACE_STALLS=1: the server's side of the bench's timeline, printed as it happens on the shared wall clock:
 * every collection pause of 3 ms or more (kind as above) and every time the event loop came back to a 5 ms timer
 * 25 ms or more late (a stall of the process, whatever its cause).
 */
if (process.env.BENCH_TRACE_STALLS) {
  const { PerformanceObserver } = await import('node:perf_hooks');
  const { clock } = await import('./clock.ts');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (entry.duration >= 3)
        console.error(`    ${mode} gc ${clock(performance.timeOrigin + entry.startTime)}: kind ${kind}, ${entry.duration.toFixed(1)} ms`);
    }
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last >= 25)
      console.error(`    ${mode} loop ${clock(performance.timeOrigin + last)}: back ${(now - last - 5).toFixed(0)} ms late`);
    last = now;
  }, 5).unref();
}
const baseHeap = heap();
send({ type: 'ready', port: started.port, members: started.members, heap: baseHeap });
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    void started.queries().then((queries) => send({ type: 'cpu', cpu: user + system, queries }));
  }
  if (message.type === 'restart') void started.restart().then(() => send({ type: 'restarted' }));
  // sockets.bench.ts with BENCH_LOAD_PROF: the profile spans its load window alone.
  if (message.type === 'profile-start' && process.env.BENCH_LOAD_PROF)
    void profileLoad(process.env.BENCH_LOAD_PROF).then((stop) => ((profiling = stop), send({ type: 'profiling' })));
  if (message.type === 'profile-stop') {
    profiling?.();
    profiling = undefined;
    send({ type: 'profiled' });
  }
  if (message.type !== 'heap') return;
  if (profiling) profiling();
  send({ type: 'heap', heap: heap() });
  if (process.env.BENCH_LOAD_PROF && !process.env.BENCH_PROF_ON_ASK && !profiling)
    void profileLoad(process.env.BENCH_LOAD_PROF).then((stop) => (profiling = stop));
});
