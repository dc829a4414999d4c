import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; ignored with databaseUrl. */
  dataDir?: string;
  /** A dumped PGlite data directory to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** Skip migrations when the data already carries them. */
  migrate?: boolean;
  poolSize?: number;
  /** Told when a pooled PostgreSQL connection breaks while idle (the pool replaces it on the next query). */
  onConnectionError?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite, and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError);
    // Fail fast with a clear cause instead of on the first request.
    const client = await pool.pool.connect();
    client.release();
    const db = drizzlePg({ client: pool.pool, schema }) as unknown as Db;
    if (shouldMigrate) await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: pool.close };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** A migrated embedded database dumped to a blob, for tests that want a fresh copy per file quickly. */
export async function dumpMigratedTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite({ client, schema }) as never, { migrationsFolder });
  const blob = await client.dumpDataDir('none');
  await client.close();
  return blob;
}

function openPool(connectionString: string, max: number, onConnectionError?: (error: Error) => void) {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that breaks (database restart, network) is dropped by the pool and replaced on the next
  // query; without a listener its error would end the process.
  pool.on('error', (error) => onConnectionError?.(error));
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', () => void open++);
  pool.on('remove', () => {
    if (--open === 0) allClosed?.();
  });
  return {
    pool,
    async close() {
      const closed = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      // pool.end() resolves while its connections are still saying goodbye; wait until each one has really closed.
      await closed;
    },
  };
}
