import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../client.ts';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres.ts';
import { startCluster } from '../embedded/postgres-cluster.ts';
import { dumpDatabase, loadDatabase, type DumpManifest } from './dump.ts';

/**
 * One archive file (tar) holds a default install: the database as a consistent dump (`tribeverse-backup/`) and
 * everything else in DATA_DIR as it is (uploaded media, private media, the secrets key), but the database server's
 * own files (`pg/`), which a restore makes anew.
 */
const DUMP = 'tribeverse-backup';
/** The embedded database's folder, and the staging folders initdb leaves while it makes one. */
const isServerFolder = (name: string) => name === 'pg' || name.startsWith('pg.init-');

function tar(args: string[], cwd?: string) {
  const result = spawnSync('tar', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) throw new Error(`cannot run tar (${result.error.message}); it must be on the PATH`);
  return result;
}

function serverRunning(pgDir: string) {
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Backs up the install in `dataDir` to `file`, while its app runs or not. The database first, in one snapshot, then
 * the files: every file a backed-up row names was written before its row, so it is in the archive (unless deleted
 * while the backup ran); files of later uploads may be in it too, unused.
 */
export async function backupInstall(dataDir: string, file: string) {
  const pgDir = path.join(dataDir, 'pg');
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no embedded database (no pg/ folder)`);
  const wasRunning = serverRunning(pgDir);
  // The running app's server is used as it is (over its unix socket); a stopped one is started for the dump only.
  const cluster = await startCluster({ dir: pgDir });
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-backup-'));
  const partial = `${file}.partial`;
  try {
    const client = new pg.Client({ connectionString: cluster.url('tribeverse'), application_name: 'tribeverse backup' });
    await client.connect();
    let manifest: DumpManifest;
    try {
      manifest = await dumpDatabase(client, path.join(staging, DUMP, 'db'));
    } finally {
      await client.end();
    }
    fs.writeFileSync(path.join(staging, DUMP, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const output = path.resolve(file);
    const files = fs
      .readdirSync(dataDir)
      .filter((name) => !isServerFolder(name) && name !== DUMP)
      .filter(
        (name) => path.join(path.resolve(dataDir), name) !== output && path.join(path.resolve(dataDir), name) !== path.resolve(partial),
      );
    const result = tar(['-cf', path.resolve(partial), '-C', staging, DUMP, ...(files.length ? ['-C', dataDir, ...files] : [])]);
    // GNU tar answers 1 when a file changed while it was read: an upload arriving during the backup, which no row
    // of the snapshot names.
    if (result.status !== 0 && result.status !== 1) throw new Error(`tar failed: ${result.stderr.trim()}`);
    fs.renameSync(partial, output);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
    if (!wasRunning) await cluster.stop();
  }
}

/**
 * Restores `file` into `dataDir`, which must be empty or missing: a new embedded database with the backup's schema
 * (its migrations, so a backup from an older version restores too; the next start applies the newer ones) and rows,
 * and the files. On failure the folder is emptied again, so the restore can simply be retried.
 */
export async function restoreInstall(file: string, dataDir: string) {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length)
    throw new Error(`${dataDir} is not empty: restore into an empty DATA_DIR (or a new one)`);
  fs.mkdirSync(dataDir, { recursive: true });
  const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-restore-'));
  try {
    const result = tar(['-xf', path.resolve(file), '-C', dataDir]);
    if (result.status !== 0) throw new Error(`${file} is not a readable archive: ${result.stderr.trim()}`);
    const manifestFile = path.join(dataDir, DUMP, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error(`${file} is not a Tribeverse backup (no ${DUMP}/manifest.json)`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as DumpManifest;
    if (manifest.format !== 1) throw new Error(`${file} is a backup format this version does not know (${manifest.format})`);
    migrationsUpTo(manifest.migrations, migrations);
    const embedded = await startEmbeddedPostgres(dataDir);
    try {
      const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
      // The server stops right after the pool ends; a connection it terminates before its end is seen must not
      // crash the restore (the work is done, or its own error was thrown), as an unheard 'error' event would.
      pool.on('error', () => {});
      try {
        await migrate(drizzle({ client: pool }), { migrationsFolder: migrations });
        const client = await pool.connect();
        try {
          await loadDatabase(client, path.join(dataDir, DUMP, 'db'), manifest);
        } finally {
          client.release();
        }
      } finally {
        await pool.end();
      }
    } finally {
      await embedded.close();
    }
    fs.rmSync(path.join(dataDir, DUMP), { recursive: true, force: true });
    return manifest;
  } catch (error) {
    for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(migrations, { recursive: true, force: true });
  }
}

/** A copy of the migrations folder holding only those the backup's database had, which must come first. */
function migrationsUpTo(applied: number[], into: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  const known = journal.entries.slice(0, applied.length).map((e) => e.when);
  if (applied.length > journal.entries.length || applied.some((when, i) => when !== known[i]))
    throw new Error('the backup was made by a newer (or different) version of Tribeverse: restore it with that version');
  const entries = journal.entries.slice(0, applied.length);
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
}
