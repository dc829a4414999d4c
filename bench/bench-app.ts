/**
 * The real app as the benches run it, on a temporary DATA_DIR with its embedded PostgreSQL, or with
 * BENCH_DATABASE_URL=postgres://… on a scratch database of that server, dropped afterwards. Child processes that
 * measure a bare baseline import this lazily, so the baseline's heap holds none of the app.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/lib/env.ts';
import { createScratchDatabase } from './scratch-database.ts';

/** The database, the app's configuration for it, and close() to remove both. `label` names the scratch database. */
export async function openBenchDatabase(label: string, logLevel: 'warn' | 'silent') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tribeverse-bench-${label}-`));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, label) : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // A bench member sends and reads far more than a person would: the per-member budget is still counted, but is
    // not what stops or is measured.
    RATE_LIMIT_FACTOR: '1000',
  });
  return {
    database,
    db: database.db,
    config,
    async close() {
      try {
        await database.close();
        await scratch?.drop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * For a bench's child process: the app listening on a free loopback port, closed with its database when the bench
 * disconnects (and the process then exits). restart() does what a deploy does: the app closes (its sockets see the
 * transport close) and a new one takes the same port.
 */
export async function startBenchApp(label: string) {
  const opened = await openBenchDatabase(label, 'warn');
  const { config, db } = opened;
  let app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => opened.close())
      .finally(() => process.exit(0));
  });
  return {
    db,
    port,
    async restart() {
      await app.close();
      app = await buildApp({ config, db });
      await app.listen({ port, host: '127.0.0.1' });
    },
  };
}

/** A raw statement's rows: PGlite's driver answers an array, node-postgres a result holding `rows`. */
export const rows = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * A live session for each of these members, as after signing in, written in bulk (only the token's hash is stored,
 * as the app stores it); returns the members with their bearer tokens.
 */
export async function insertSessions(db: Db, ids: number[]) {
  const members = ids.map((id) => ({ id, token: crypto.randomBytes(32).toString('base64url') }));
  for (let i = 0; i < members.length; i += 1000) {
    const chunk = members.slice(i, i + 1000);
    const values = chunk.map((m) => sql`(${m.id}, ${crypto.createHash('sha256').update(m.token).digest('hex')}, now() + interval '1 day')`);
    await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values ${sql.join(values, sql`, `)}`);
  }
  return members;
}

/**
 * `count` confirmed members with set-up profiles (emails bench1@example.test …, in id order) and a live session each,
 * written in bulk; returns them with their bearer tokens.
 */
export async function insertMembers(db: Db, count: number) {
  const ids = rows<{ id: number }>(
    await db.execute(sql`insert into users (email, full_name, username, is_confirmed, profile_completed_at)
      select 'bench' || g || '@example.test', 'Bench ' || g, 'bench' || g, true, now() from generate_series(1, ${count}) g
      order by g returning id`),
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  return insertSessions(db, ids);
}
