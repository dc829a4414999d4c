/**
 * Child process of cluster.bench.ts: one process of the real app on a database and a Redis it shares with the
 * other processes of the run (one deployment: the same realtime channels and rate-limit counters). The first one
 * (`seed`) migrates the database and adds N confirmed, set-up members with a live session each; the others (`join`)
 * open it as it is. Reports its port (and the seeder the members' tokens) over IPC, and on request its CPU time so far.
 *   argv: role ('seed' | 'join'), number of members
 *   env: BENCH_CLUSTER_DATABASE (the scratch database), BENCH_CLUSTER_REDIS, BENCH_CLUSTER_KEY (the deployment's prefix)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/lib/env.ts';
import { insertMembers } from './bench-app.ts';

const role = process.argv[2] as 'seed' | 'join';
const count = Number(process.argv[3]);
const key = process.env.BENCH_CLUSTER_KEY!;
const send = (message: unknown) => process.send!(message);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-cluster-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PORT: '0',
  WEB_DIST: path.join(dataDir, 'none'),
  REDIS_URL: process.env.BENCH_CLUSTER_REDIS!,
  // Each bench member sends far more than a person would: the per-member budget is still counted, not what is measured.
  RATE_LIMIT_FACTOR: '1000',
});
const database = await openDatabase({ databaseUrl: process.env.BENCH_CLUSTER_DATABASE!, poolSize: 10, migrate: role === 'seed' });
const app = await buildApp({ config, db: database.db, realtimeRedisKey: `${key}-io`, rateLimitNamespace: `${key}-rl:` });
await app.listen({ port: 0, host: '127.0.0.1' });
const members = role === 'seed' ? await insertMembers(database.db, count) : [];

process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
process.on('message', (message: { type: string }) => {
  // User and system CPU of this process so far, in microseconds.
  if (message.type !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  send({ type: 'cpu', n: user + system });
});
send({ type: 'ready', port: (app.server.address() as AddressInfo).port, members });
