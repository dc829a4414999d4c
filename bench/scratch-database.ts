import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from '../apps/server/src/db/embedded/postgres-cluster.ts';

/**
 * A new, empty database for one benchmark run; drop() removes it. On the PostgreSQL server at serverUrl when one is
 * given (BENCH_DATABASE_URL), else on the default install's database: an embedded PostgreSQL server of its own, in a
 * temporary folder, with the same binaries and settings as `npm start` uses (durability on).
 */
export async function createScratchDatabase(serverUrl: string | undefined, label: string) {
  const embedded = serverUrl ? null : await startEmbeddedServer();
  const adminUrl = serverUrl ?? embedded!.url;
  const name = `tribeverse_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    /** embedded: the default install's server; postgres: the one at BENCH_DATABASE_URL. */
    kind: embedded ? ('embedded' as const) : ('postgres' as const),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      await embedded?.stop();
    },
  };
}

async function startEmbeddedServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-pg-'));
  const cluster = await startCluster({ dir: path.join(dir, 'pg') });
  cluster.stopWhenProcessExits();
  return {
    url: cluster.url('postgres'),
    async stop() {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
