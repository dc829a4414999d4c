import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { loadConfig } from '../../src/lib/env.ts';
import { startMailCatcher } from './mail-catcher.ts';

/** A new database on the tests' server (the run's embedded PostgreSQL, or DATABASE_URL's), dropped by close(). */
export async function scratchDatabase(options: { template?: string; poolSize: number; migrate: boolean }): Promise<Database> {
  const serverUrl = inject('embeddedPostgres')?.serverUrl ?? process.env.DATABASE_URL!;
  const name = `tribeverse_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: options.poolSize, migrate: options.migrate });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database for one test file: a copy of the run's migrated template on its embedded PostgreSQL server, or,
 * when DATABASE_URL is set, a new database on that server, migrated. Dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  const embedded = inject('embeddedPostgres');
  const database = await scratchDatabase({ template: embedded?.template, poolSize: 5, migrate: !embedded });
  return { ...database, kind: embedded ? 'embedded' : 'postgres' };
}

/** What a second app needs to act as another process of the same deployment as a first one. */
export interface Deployment {
  db: Database['db'];
  realtimeRedisKey: string;
  rateLimitNamespace: string;
}

/**
 * The real app on a real database with a real SMTP server catching its mail. With `sameDeploymentAs`, a second
 * process of that app's deployment: the same database, Redis channels and rate-limit counters (the database stays
 * open until the first app closes it).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'logStream' | 'socketSessionCheckMs'> & { sameDeploymentAs?: Deployment } = {},
) {
  const { sameDeploymentAs, ...appOptions } = options;
  const mail = await startMailCatcher();
  const database: Database = sameDeploymentAs
    ? { db: sameDeploymentAs.db, kind: process.env.DATABASE_URL ? 'postgres' : 'embedded', close: async () => {} }
    : await openTestDatabase();
  const realtimeRedisKey = sameDeploymentAs?.realtimeRedisKey ?? `tribeverse-io-test-${crypto.randomUUID()}`;
  const rateLimitNamespace = sameDeploymentAs?.rateLimitNamespace ?? `tribeverse-rl-test-${crypto.randomUUID()}:`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL ?? '',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, db: database.db, rateLimitNamespace, realtimeRedisKey, ...appOptions });
  await app.ready();
  return {
    app,
    mail,
    config,
    db: database.db,
    realtimeRedisKey,
    rateLimitNamespace,
    async close() {
      await app.close();
      await database.close();
      await mail.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
