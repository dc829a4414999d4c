import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded/embedded-postgres.ts';
import { carryOverPgliteData } from './embedded/pglite-carry-over.ts';
import * as schema from './schema/index.ts';
import { serverRoot } from '../lib/server-root.ts';

export { DataDirInUseError } from './embedded/embedded-postgres.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** embedded: the app's own PostgreSQL server in DATA_DIR/pg; postgres: the server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder of the embedded PostgreSQL server (DATA_DIR/pg); ignored with databaseUrl. */
  dataDir?: string;
  /** Skip migrations when the data already carries them. */
  migrate?: boolean;
  poolSize?: number;
  /** Told when a pooled PostgreSQL connection breaks while idle (the pool replaces it on the next query). */
  onConnectionError?: (error: Error) => void;
  /** Told what a first start after an upgrade did to earlier data. */
  onNotice?: (message: string) => void;
}

/**
 * Opens PostgreSQL at the URL when one is given, else the app's own embedded PostgreSQL server in DATA_DIR (started
 * here, stopped by close()), and applies the committed migrations. Both are then used the same way, through one pool.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  const dataDir = options.dataDir;
  if (!options.databaseUrl && !dataDir) throw new Error('openDatabase: give databaseUrl or dataDir');
  const embedded = options.databaseUrl ? null : await startEmbeddedPostgres(dataDir!, options.onConnectionError);
  const pool = openPool(options.databaseUrl ?? embedded!.url, options.poolSize ?? 10, options.onConnectionError);
  const close = async () => {
    await pool.close();
    await embedded?.close();
  };
  try {
    // Fail fast with a clear cause instead of on the first request.
    const client = await pool.pool.connect();
    client.release();
    const db = drizzle({ client: pool.pool, schema }) as unknown as Db;
    if (shouldMigrate) await migrate(db as never, { migrationsFolder });
    if (embedded) {
      const carried = await carryOverPgliteData(dataDir!, pool.pool, migrationsFolder);
      if (carried) options.onNotice?.(carried);
    }
    return { db, kind: embedded ? 'embedded' : 'postgres', close };
  } catch (error) {
    await close();
    throw error;
  }
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
