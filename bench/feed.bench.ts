/**
 * Feed page latency and throughput: the real app (embedded PGlite on a temporary DATA_DIR, seeded with members,
 * posts, pictures, likes, comments and reposts) serving GET /api/posts/get-post?page=1&limit=10 to 50 concurrent
 * connections for 10 s, next to a bare node:http server answering the same-sized JSON, measured in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createScratchDatabase } from './scratch-database.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { postComments, postImages, postLikes, posts, users } from '../apps/server/src/db/schema/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const POSTS = 500;
const MEMBERS = 25;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const APP_PORT = 3390 + Math.floor(Math.random() * 50);
const BARE_PORT = APP_PORT + 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-feed-'));
const children: ChildProcess[] = [];
const cleanUp = () => {
  children.forEach((c) => c.kill('SIGTERM'));
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

/** BENCH_DATABASE_URL=postgres://… runs the same on PostgreSQL, in a scratch database dropped afterwards. */
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'feed') : null;
const databaseUrl = scratch?.url ?? '';
const dropScratch = async () => scratch?.drop();

async function seed() {
  // Straight into the database: the API's write limits (rightly) would make seeding 500 posts take minutes.
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const { db } = database;
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `bench${i}@example.test`,
        username: `bench_${i}`,
        fullName: `Bench Member ${i}`,
      })),
    )
    .returning({ id: users.id });
  const ids = members.map((m) => m.id);
  const start = Date.now() - POSTS * 60_000;
  const rows = Array.from({ length: POSTS }, (_, i) => ({
    authorId: ids[i % ids.length]!,
    text: `Post number ${i} about the metaverse and friends #bench #topic${i % 7} with a sentence or two of ordinary length.`,
    hashtags: ['bench', `topic${i % 7}`],
    createdAt: new Date(start + i * 60_000),
  }));
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  const postIds = inserted.map((p) => p.id);
  // Every third post has two pictures; every post has a few likes and comments; some are reposted.
  await db.insert(postImages).values(
    postIds
      .filter((_, i) => i % 3 === 0)
      .flatMap((postId) =>
        [0, 1].map((position) => ({
          postId,
          position,
          url: `/media/${postId}-${position}.webp`,
          thumbnailUrl: `/media/${postId}-${position}-t.webp`,
          width: 2048,
          height: 1536,
        })),
      ),
  );
  await db.insert(postLikes).values(postIds.flatMap((postId, i) => ids.slice(0, i % 8).map((userId) => ({ postId, userId }))));
  await db
    .insert(postComments)
    .values(postIds.flatMap((postId, i) => Array.from({ length: i % 4 }, (_, k) => ({ postId, authorId: ids[k]!, text: `Comment ${k}` }))));
  await db
    .insert(posts)
    .values(
      postIds
        .slice(-20)
        .map((sharedPostId, i) => ({ authorId: ids[(i + 3) % ids.length]!, text: 'Worth a look', sharedPostId, createdAt: new Date() })),
    );
  await database.close();
}

function start(command: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output}`)));
  });
}

async function measure(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and connection pools are settled before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

await seed();
// Node itself, not npx: a signal to npx does not reach the server it starts, which would outlive the run.
await start(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/server.ts'],
  {
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SMTP_URL: '',
  },
  /is running at/,
);
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const register = await fetch(`${appUrl}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'reader@example.test', password: 'Bench#12345' }),
});
const { access_token } = (await register.json()) as { access_token: string };
const auth = { authorization: `Bearer ${access_token}` };
const feedUrl = `${appUrl}/api/posts/get-post?page=1&limit=10`;
const sample = await fetch(feedUrl, { headers: auth });
const body = await sample.text();
if (!sample.ok || (JSON.parse(body) as unknown[]).length !== 10)
  throw new Error(`unexpected feed answer: ${sample.status} ${body.slice(0, 200)}`);

// The baseline: the same JSON (parsed once, serialised per request as the app does) from a bare node:http server.
const bareScript = `
  const http = require('node:http');
  const doc = JSON.parse(process.env.BODY);
  http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(doc)); })
    .listen(${BARE_PORT}, '127.0.0.1', () => console.log('bare ready'));`;
await start(process.execPath, ['-e', bareScript], { BODY: body }, /bare ready/);

const app = await measure(feedUrl, auth);
const bare = await measure(`http://127.0.0.1:${BARE_PORT}/`);

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `Feed page on ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}: ${POSTS} posts seeded, ${(body.length / 1024).toFixed(1)} KiB JSON per page, ${CONNECTIONS} connections, ${DURATION} s`,
);
console.table({
  'GET /api/posts/get-post': { p50: ms(app.p50), p99: ms(app.p99), 'req/s': Math.round(app.rps), errors: app.errors },
  'bare node:http, same JSON': { p50: ms(bare.p50), p99: ms(bare.p99), 'req/s': Math.round(bare.rps), errors: bare.errors },
});
console.log(
  `Ratios app/bare: p50 x${(app.p50 / Math.max(bare.p50, 0.01)).toFixed(1)}, p99 x${(app.p99 / Math.max(bare.p99, 0.01)).toFixed(1)}, throughput ${((app.rps / bare.rps) * 100).toFixed(1)}% of bare`,
);
cleanUp();
await dropScratch();
process.exit(app.errors ? 1 : 0);
