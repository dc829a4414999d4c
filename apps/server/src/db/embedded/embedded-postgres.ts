import path from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from './postgres-cluster.ts';

/** Another running app holds this DATA_DIR. */
export class DataDirInUseError extends Error {}

const DATABASE = 'tribeverse';
/** The advisory lock an app holds on its cluster for as long as it runs (any constant; one per cluster). */
const APP_LOCK = 7_311_960;

export interface EmbeddedPostgres {
  /** Connection string of the app's database on the server. */
  url: string;
  /** Gives up the DATA_DIR and shuts the server down cleanly. */
  close(): Promise<void>;
}

/**
 * The default database: a PostgreSQL server of this app's own in DATA_DIR/pg, started from npm-shipped binaries.
 * Exactly one app may use a DATA_DIR: each holds an advisory lock on a session of its own, which PostgreSQL
 * releases the moment that app's process dies, however it dies (so a kill -9 leaves no stale lock behind, and the
 * next start takes over the still-running server).
 */
export async function startEmbeddedPostgres(dataDir: string, onConnectionError?: (error: Error) => void): Promise<EmbeddedPostgres> {
  const cluster = await startCluster({ dir: path.join(dataDir, 'pg') });
  // Refused: the server belongs to the app holding the lock and keeps running for it.
  const hold = await holdDataDir(cluster, dataDir, onConnectionError);
  cluster.stopWhenProcessExits();
  const close = async () => {
    await hold.release();
    await cluster.stop();
  };
  try {
    await createDatabaseIfMissing(cluster);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: cluster.url(DATABASE), close };
}

async function holdDataDir(cluster: Cluster, dataDir: string, onConnectionError?: (error: Error) => void) {
  let released = false;
  let client = await tryLock(cluster, dataDir);
  const watch = (session: pg.Client) =>
    session.on('error', (error) => {
      if (released) return;
      // The session ended under the app (a server restart after a crash): take the lock again on a new one.
      onConnectionError?.(error);
      void retake();
    });
  const retake = async () => {
    for (let attempt = 0; !released && attempt < 60; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        client = await tryLock(cluster, dataDir);
        watch(client);
        return;
      } catch (error) {
        if (error instanceof DataDirInUseError) {
          onConnectionError?.(error);
          return;
        }
      }
    }
  };
  watch(client);
  return {
    async release() {
      released = true;
      await client.end().catch(() => {});
    },
  };
}

async function tryLock(cluster: Cluster, dataDir: string) {
  const client = new pg.Client({ connectionString: cluster.url('postgres'), application_name: `tribeverse (process ${process.pid})` });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [APP_LOCK]);
  if (rows[0]!.locked) return client;
  const holder = await client.query<{ name: string }>(
    `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objid = $1`,
    [APP_LOCK],
  );
  await client.end();
  const who = holder.rows[0]?.name.replace(/^tribeverse /, '') ?? '';
  throw new DataDirInUseError(
    `${dataDir} is in use by another running Tribeverse${who ? ` ${who}` : ''}: stop that one first, or give this one its own DATA_DIR`,
  );
}

async function createDatabaseIfMissing(cluster: Cluster) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}
