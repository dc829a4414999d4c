import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../build.mjs';
import { openDatabase } from '../../src/db/client.ts';
import { startCluster } from '../../src/db/embedded/postgres-cluster.ts';
import { trustTestPushService } from './push-service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's embedded PostgreSQL server and its migrated template database; null when DATABASE_URL is set. */
    embeddedPostgres: { serverUrl: string; template: string } | null;
  }
}

const TEMPLATE = 'tribeverse_template';

/**
 * The default install's database for the whole run: one embedded PostgreSQL server in a temporary folder, with one
 * migrated template database; every test file gets a copy of it (CREATE DATABASE … TEMPLATE, a few milliseconds).
 */
export default async function setup(project: TestProject) {
  // Before any test process starts (Node reads NODE_EXTRA_CA_CERTS only then): the push tests' own push service.
  const untrustPushService = trustTestPushService();
  // The tests that start the server as a process of its own (server-process.ts) run it as `npm start` does: built.
  await buildServer();
  if (process.env.DATABASE_URL) {
    project.provide('embeddedPostgres', null);
    return untrustPushService;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-test-pg-'));
  // The run's data is thrown away afterwards: no need to wait for the disk.
  const cluster = await startCluster({
    dir: path.join(dir, 'pg'),
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    initdbFlags: ['--no-sync'],
  });
  cluster.stopWhenProcessExits();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const template = await openDatabase({ databaseUrl: cluster.url(TEMPLATE), poolSize: 1 });
  // A template may have no open sessions while it is copied.
  await template.close();
  project.provide('embeddedPostgres', { serverUrl: cluster.url('postgres'), template: TEMPLATE });
  return async () => {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
    untrustPushService();
  };
}
