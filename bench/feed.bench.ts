/**
 * The feed page as the web app loads it: `GET /api/posts/feed?limit=10` with a member's bearer token, from the real
 * app (started as `npm start` starts it) on a realistic set (members with pictures, posts with pictures, likes,
 * comments and reposts, the reader's own likes and shares among them), 50 connections with autocannon after a
 * warm-up, next to a bare node:http server sending the same JSON, measured in the same run. Ends with
 * `feed: ratio X% of bare` (throughput).
 *   BENCH_POSTS (10000), BENCH_MEMBERS (200), BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP (3 s);
 *   BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a scratch database, dropped afterwards);
 *   BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app's measured run there (node --cpu-prof).
 * A second run measures the same load while the reader likes and unlikes a post of the page BENCH_WRITES (50) times a
 * second through the API: the pages the app keeps between writes are dropped at each one.
 * Also prints the CPU time per request of the server process and (PostgreSQL on this machine) of the database's
 * processes serving it, read from /proc: where the time goes when the ratio moves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer, runtimeFlags, serverArgs } from '../apps/server/build.mjs';
import { createScratchDatabase } from './scratch-database.ts';
import { seedFeed } from './feed-seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Likes per second during the second run: each one drops every kept page (docs/database.md, "Read caches"). */
const WRITES = Number(process.env.BENCH_WRITES ?? 50);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-feed-'));
const children: ChildProcess[] = [];
const killAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', () => {
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** BENCH_DATABASE_URL=postgres://… runs the same on PostgreSQL, in a scratch database dropped afterwards. */
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'feed') : null;
const databaseUrl = scratch?.url ?? '';
// A failed run still drops its scratch database (the 'exit' handler above cannot wait for it).
process.on('uncaughtException', (error) => {
  console.error(error);
  killAll();
  void (scratch?.drop() ?? Promise.resolve()).finally(() => process.exit(1));
});

/** A port nobody listens on now (the app prints the address it was given, so it cannot take port 0 itself). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves with the child once its output matches `ready`. */
function start(command: string, args: string[], env: Record<string, string>, ready: RegExp) {
  return new Promise<{ child: ChildProcess; match: RegExpMatchArray }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolve({ child, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** CPU seconds a process has used (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s); null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

/** The PostgreSQL server processes serving the app's connections, when the server runs on this machine. */
async function databaseBackends(): Promise<number[]> {
  if (!scratch) return [];
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  return rows.map((r) => r.pid).filter((pid) => cpuSeconds(pid) !== null);
}

async function measure(url: string, headers: Record<string, string>, server: ChildProcess) {
  // Warm-up first: JIT, connection pools and prepared statements settle before the measured run.
  if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const backends = server === appProcess ? await databaseBackends() : [];
  const cpuBefore = [cpuSeconds(server.pid!), cpuOf(backends)];
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const requests = result.requests.total || 1;
  const serverCpu = cpuBefore[0] === null ? null : ((cpuSeconds(server.pid!)! - cpuBefore[0]) / requests) * 1e6;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
    /** Microseconds of CPU per request in the server process, and in the database server's processes. */
    serverCpu,
    databaseCpu: backends.length ? ((cpuOf(backends) - cpuBefore[1]!) / requests) * 1e6 : null,
  };
}

const seedStarted = Date.now();
const { reader, written } = await seedFeed({ databaseUrl, dataDir, posts: POSTS, members: MEMBERS });
const seedSeconds = (Date.now() - seedStarted) / 1000;

// As `npm start` runs it (its build, from the sources as they are), in production mode; node itself rather than npx
// so that the signal reaches it.
await buildServer();
const { child: appProcess, match } = await start(
  process.execPath,
  [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : []), ...serverArgs],
  {
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SMTP_URL: '',
  },
  /is running at (http:\/\/\S+)/,
);
const appUrl = match[1]!.replace(/\/$/, '');
const login = await fetch(`${appUrl}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: reader.email, password: reader.password }),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
const { access_token } = (await login.json()) as { access_token: string };
const auth = { authorization: `Bearer ${access_token}`, accept: 'application/json' };
const feedUrl = `${appUrl}/api/posts/feed?limit=10`;
const sample = await fetch(feedUrl, { headers: auth });
const body = await sample.text();
const page = JSON.parse(body) as { posts?: Array<{ post_id: number; liked_by_me: boolean; shared_post: unknown; images: string[] }> };
if (!sample.ok || page.posts?.length !== 10) throw new Error(`unexpected feed answer: ${sample.status} ${body.slice(0, 200)}`);
// The page must show what a real one does, or the figures flatter the app.
const shows = {
  likedByMe: page.posts.some((p) => p.liked_by_me),
  repost: page.posts.some((p) => p.shared_post),
  pictures: page.posts.some((p) => p.images.length),
};
if (!Object.values(shows).every(Boolean)) throw new Error(`the first page lacks a kind of post: ${JSON.stringify(shows)}`);

// The baseline: the same JSON (parsed once, serialised per request as the app does) from a bare node:http server.
const bareScript = `
  const http = require('node:http');
  const doc = JSON.parse(process.env.BODY);
  const server = http.createServer((req, res) => { res.setHeader('content-type', 'application/json; charset=utf-8'); res.end(JSON.stringify(doc)); });
  server.listen(0, '127.0.0.1', () => console.log('bare ready on ' + server.address().port));`;
const bareStart = await start(process.execPath, [...runtimeFlags, '-e', bareScript], { BODY: body }, /bare ready on (\d+)/);

/** Likes and unlikes a post of the page `perSecond` times a second until stopped; counts the writes that failed. */
function keepLiking(perSecond: number) {
  const postId = page.posts!.find((p) => !p.liked_by_me)!.post_id;
  let liked = false;
  let writes = 0;
  let failed = 0;
  const timer = setInterval(() => {
    liked = !liked;
    writes++;
    void fetch(`${appUrl}/api/posts/${postId}/like`, { method: liked ? 'POST' : 'DELETE', headers: auth })
      .then((res) => void (res.ok || failed++))
      .catch(() => failed++);
  }, 1000 / perSecond);
  return () => (clearInterval(timer), { writes, failed });
}

console.log(`Measuring ${feedUrl} …`);
const app = await measure(feedUrl, auth, appProcess);
const stopLiking = keepLiking(WRITES);
const appWriting = await measure(feedUrl, auth, appProcess);
const liking = stopLiking();
if (CPU_PROF) await stop(appProcess); // the profile is written as the app exits; the bare run then has the cores
const bare = await measure(`http://127.0.0.1:${bareStart.match[1]}/`, {}, bareStart.child);

const ms = (n: number) => `${n.toFixed(1)} ms`;
const us = (n: number | null) => (n === null ? '–' : `${Math.round(n)} µs`);
console.log(
  `Feed page on ${databaseUrl ? 'PostgreSQL' : 'the default database'}: ${written.posts} posts (${written.reposts} reposts) by ${MEMBERS} members, ` +
    `${written.pictures} pictures, ${written.likes} likes, ${written.comments} comments (seeded in ${seedSeconds.toFixed(0)} s); ` +
    `${(body.length / 1024).toFixed(1)} KiB JSON per page, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured`,
);
console.table({
  'GET /api/posts/feed?limit=10': {
    'req/s': Math.round(app.rps),
    p50: ms(app.p50),
    p99: ms(app.p99),
    errors: app.errors,
    'server CPU/req': us(app.serverCpu),
    'database CPU/req': us(app.databaseCpu),
  },
  [`same, ${WRITES} likes/s meanwhile`]: {
    'req/s': Math.round(appWriting.rps),
    p50: ms(appWriting.p50),
    p99: ms(appWriting.p99),
    errors: appWriting.errors + liking.failed,
    'server CPU/req': us(appWriting.serverCpu),
    'database CPU/req': us(appWriting.databaseCpu),
  },
  'bare node:http, same JSON': {
    'req/s': Math.round(bare.rps),
    p50: ms(bare.p50),
    p99: ms(bare.p99),
    errors: bare.errors,
    'server CPU/req': us(bare.serverCpu),
    'database CPU/req': us(null),
  },
});
const ratio = (app.rps / bare.rps) * 100;
const writingRatio = (appWriting.rps / bare.rps) * 100;
console.log(`while liking: ${liking.writes} likes and unlikes, ${liking.failed} failed; ${writingRatio.toFixed(1)}% of bare`);
console.log(`goal (throughput >= 25% of bare, p99 <= 50 ms): ${ratio >= 25 && app.p99 <= 50 ? 'met' : 'not met'}`);
console.log(`feed: ratio ${ratio.toFixed(1)}% of bare`);
await Promise.all(children.map(stop));
await scratch?.drop();
process.exit(app.errors || appWriting.errors || liking.failed ? 1 : 0);
